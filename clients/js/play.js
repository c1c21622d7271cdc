// Plays a whole game of `american` through the engine protocol: player 0 with a trivial bot of its own
// (the first legal action; for a discard, the first cards it may put away), the others with the engine's
// heuristic bot; it also sends an illegal action and checks that it is refused and changes nothing.
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
  const { game, players } = await engine.request("new_game", { variant: "american", seed });
  let state = await engine.request("state", { game, seat: 0 });
  let actions = 0;
  let refused = false;
  while (!state.over) {
    const player = state.to_act;
    let action;
    if (player === 0) {
      const mine = await engine.request("state", { game, seat: 0 });
      if (!refused) {
        try {
          await engine.request("act", { game, player: 0, action: "play XX" });
          throw new Error("an illegal action was accepted");
        } catch (error) {
          if (!(error instanceof EngineError) || error.code !== "illegal_action") throw error;
          refused = true;
        }
      }
      action = ownChoice(mine);
    } else {
      action = (await engine.request("bot", { game, name: "heuristic" })).action;
    }
    state = await engine.request("act", { game, player, action });
    actions += 1;
    if (actions > 20000) throw new Error("the game did not end");
  }
  const code = await engine.quit();
  console.log(`game over after ${actions} actions among ${players} players: team ${state.winner} won, scores ${state.scores.join(" to ")}`);
  if (!refused || state.winner === null || code !== 0) process.exit(1);
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
