// Plays a whole game of `american` through the engine protocol: player 0 with a trivial bot of its own
// (the first legal action; for a discard, the first cards it may put away), the others with the engine's
// heuristic bot, which plays their turns through `play_bots` until player 0 must act again; it also sends
// an illegal action and checks that it is refused and changes nothing.
// Exit code 0 when the game ended with a winner, 1 otherwise.  Usage: node clients/js/play.js [seed]
"use strict";

const { Engine, EngineError } = require("./client.js");

function ownChoice(state) {
  if (state.legal !== null) return state.legal[0];
  return "discard " + state.discard.from.slice(0, state.discard.count).join(" ");
}

async function main() {
  const seed = Number(process.argv[2] || 1);
  const engine = new Engine();
  const hello = await engine.request("hello");
  if (hello.protocol !== "fivehundred/1") throw new Error(`unexpected protocol ${hello.protocol}`);
  if (!hello.commands.includes("play_bots")) throw new Error("the engine has no play_bots");
  const { game, players } = await engine.request("new_game", { variant: "american", seed });
  let own = 0;
  let botActions = 0;
  let events = 0;
  let refused = false;
  for (;;) {
    // The bots play every other player's turn; the reply is player 0's view once it must act.
    const state = await engine.request("play_bots", { game, until: 0, viewer: 0, name: "heuristic" });
    botActions += state.actions.length;
    events += state.events.length;
    if (state.over) {
      const code = await engine.quit();
      console.log(
        `game over after ${own + botActions} actions among ${players} players (${botActions} by the engine's bots, ` +
          `${events} events told): team ${state.winner} won, scores ${state.scores.join(" to ")}`,
      );
      if (!refused || state.winner === null || code !== 0) process.exit(1);
      return;
    }
    if (state.to_act !== 0) throw new Error(`play_bots stopped at player ${state.to_act}'s turn`);
    if (!refused) {
      try {
        await engine.request("act", { game, player: 0, action: "play XX" });
        throw new Error("an illegal action was accepted");
      } catch (error) {
        if (!(error instanceof EngineError) || error.code !== "illegal_action") throw error;
        refused = true;
      }
    }
    await engine.request("act", { game, player: 0, action: ownChoice(state) });
    own += 1;
    if (own > 20000) throw new Error("the game did not end");
  }
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
