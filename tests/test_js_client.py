"""The Node client in ``clients/js`` (docs/protocol.md, "Clients") speaks the protocol as the Python client
does: a request answered in order, and a raw line holding a line break refused before it is sent."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parent.parent / "clients" / "js" / "client.js"

SCRIPT = """
const { Engine } = require(process.argv[1]);
(async () => {
  const engine = new Engine();
  const hello = await engine.request("hello");
  let refused = "";
  try { await engine.sendLine('{"id": 99, "cmd": "hello"}\\n{"id": 100, "cmd": "hello"}'); }
  catch (error) { refused = error.message; }
  const after = await engine.request("hello");
  const code = await engine.quit();
  console.log(JSON.stringify({ hello: hello.ok, refused, after: after.id, code }));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None or not CLIENT.exists(), reason="needs Node and the source tree's clients/js")
def test_the_js_client_refuses_a_line_break_and_stays_in_step() -> None:
    """A review: ``sendLine`` wrote a text with a line break as it was, so the engine answered two lines and
    every later reply went to the wrong request; it is refused now, as the Python client's ``send_line``
    refuses it, and the next request gets its own reply."""
    environment = dict(os.environ, FIVEHUNDRED_SERVE=f"{sys.executable} -m engine serve")
    done = subprocess.run(["node", "-e", SCRIPT, str(CLIENT)], capture_output=True, text=True, timeout=60, env=environment, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["hello"] is True and "holds a line break" in found["refused"]
    assert found["after"] == 2 and found["code"] == 0
