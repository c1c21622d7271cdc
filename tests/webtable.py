"""Shared helpers for the web table's tests: a ``fivehundred web`` server in a folder of its own, and a
headless Chromium driven by Selenium through Debian's chromedriver (nothing is downloaded).

Without the ``web`` extra (aiohttp) or Selenium the tests that need them are skipped with a reason, unless
``FIVEHUNDRED_REQUIRE_WEB`` is set (CI's main run installs them); without chromium or chromedriver the
browser tests are skipped, unless ``FIVEHUNDRED_REQUIRE_BROWSER`` is set (CI installs both).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HEADLESS_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Headless Chromium's flags on this closed network (without the networking ones it hangs); the report
page's tests use them too."""
CHROMIUM_FLAGS = (
    *HEADLESS_FLAGS,
    "--disable-dev-shm-usage",
    "--disable-background-timer-throttling",  # two windows at one table: the one behind keeps its pace
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--window-size=1400,1000",
)
"""Chromium's flags: without the networking ones it hangs on a closed network."""


def require_web_extra() -> None:
    """Skip (or, under ``FIVEHUNDRED_REQUIRE_WEB``, fail) when the web extra is not installed."""
    if importlib.util.find_spec("aiohttp") is None:
        if os.environ.get("FIVEHUNDRED_REQUIRE_WEB"):
            pytest.fail("FIVEHUNDRED_REQUIRE_WEB is set but aiohttp (the web extra) is not installed")
        pytest.skip("the web extra (aiohttp) is not installed: pip install '.[web]'")


def browser_paths() -> tuple[str, str]:
    """Chromium's and chromedriver's paths; skips (or fails, under ``FIVEHUNDRED_REQUIRE_BROWSER``)."""
    require_web_extra()
    if importlib.util.find_spec("selenium") is None:
        if os.environ.get("FIVEHUNDRED_REQUIRE_WEB"):
            pytest.fail("FIVEHUNDRED_REQUIRE_WEB is set but selenium is not installed")
        pytest.skip("selenium is not installed (the dev extra installs it)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if chromium is None or driver is None:
        if os.environ.get("FIVEHUNDRED_REQUIRE_BROWSER"):
            pytest.fail("FIVEHUNDRED_REQUIRE_BROWSER is set but chromium or chromedriver is not installed")
        pytest.skip("chromium and chromedriver are not installed (apt-get install chromium chromium-driver; .ci/run does)")
    return chromium, driver


class Server:
    """A ``fivehundred web`` process serving ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        environment = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engine", "web", "--port", "0"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if " at " not in line:
            self.process.kill()
            raise AssertionError(f"fivehundred web did not start: {line!r} {self.process.stderr.read() if self.process.stderr else ''}")
        self.address = line.split(" at ", 1)[1].strip()
        """The printed address, token included."""
        self.base = self.address.split("/?", 1)[0]
        """``http://127.0.0.1:PORT``."""
        self.token = self.address.split("token=", 1)[1]
        """The server's token."""

    def stop(self) -> None:
        """End the server process."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def start_server(folder: Path) -> Iterator[Server]:
    """A server for a fixture: started, yielded, stopped."""
    require_web_extra()
    server = Server(folder)
    try:
        yield server
    finally:
        server.stop()


def start_browser() -> Iterator[Any]:
    """A headless Chromium under Selenium for a fixture (a new empty profile), quit afterwards."""
    chromium, driver_path = browser_paths()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="fivehundred-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(condition: Callable[[], Any], timeout: float = 20.0, what: str = "the page") -> Any:
    """Poll ``condition`` until it gives something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except Exception:  # an element replaced while read: try again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


def screenshot(driver: Any, name: str) -> None:
    """Save a screenshot as ``name`` in ``$FIVEHUNDRED_WEB_SCREENSHOTS`` when that is set (the README's
    pictures are taken so: ``FIVEHUNDRED_WEB_SCREENSHOTS=docs pytest tests/test_web_browser.py``)."""
    folder = os.environ.get("FIVEHUNDRED_WEB_SCREENSHOTS")
    if folder:
        driver.save_screenshot(str(Path(folder) / name))
