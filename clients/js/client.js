// A dependency-free Node client of the fivehundred engine protocol (docs/protocol.md): it starts
// `fivehundred serve` as a subprocess and sends one JSON request per line, one at a time, resolving each
// promise with the reply line that answers it (replies come in request order).
"use strict";

const { spawn } = require("node:child_process");
const readline = require("node:readline");

class EngineError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.error = error;
  }
}

class Engine {
  // command: the program and its arguments; by default FIVEHUNDRED_SERVE (split on spaces) or `fivehundred serve`.
  constructor(command) {
    const words = command || (process.env.FIVEHUNDRED_SERVE || "fivehundred serve").split(" ").filter(Boolean);
    this.child = spawn(words[0], words.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.pending = [];
    this.nextId = 0;
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
    readline.createInterface({ input: this.child.stdout }).on("line", (line) => {
      const waiting = this.pending.shift();
      if (waiting) waiting.resolve(JSON.parse(line));
    });
    this.child.on("exit", () => {
      for (const waiting of this.pending.splice(0)) waiting.reject(new Error("the engine ended"));
    });
  }

  // Send one raw line; resolves with the decoded reply. A text holding a line break is refused: the engine
  // would answer each of its lines, and the replies would fall out of step with the requests.
  sendLine(line) {
    if (String(line).includes("\n")) {
      return Promise.reject(new Error("sendLine sends one line: the text holds a line break (each line gets a reply of its own)."));
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(line + "\n");
    });
  }

  // Send a command with its fields; resolves with the reply, rejects with an EngineError if not ok.
  async request(cmd, fields = {}) {
    const id = ++this.nextId;
    const reply = await this.sendLine(JSON.stringify({ id, cmd, ...fields }));
    if (reply.id !== id) throw new Error(`reply ${reply.id} out of order (expected ${id})`);
    if (!reply.ok) throw new EngineError(reply.error);
    return reply;
  }

  async quit() {
    await this.request("quit");
    this.child.stdin.end();
    return this.exited;
  }
}

module.exports = { Engine, EngineError };
