"""Issue 51, the web table in a real browser: Debian's headless Chromium driven by Selenium. A whole hand
of ``standard`` and of ``two-handed`` played by clicking (an illegal card refused on screen), a house rule
typed with a typo and its error shown at its line (the message ``fivehundred validate`` prints), then
fixed and the rules in words changed, and a 200-hand simulation run to its report.

Selenium drives the system's chromedriver (``Service(executable_path=...)``), so nothing is downloaded at
test time; Playwright would need its own browser build or a matched driver protocol, which Debian does not
package.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webtable import Server, screenshot, start_browser, start_server, wait_for

from engine.cli import main

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from start_server(tmp_path_factory.mktemp("web-root"))


@pytest.fixture(scope="module")
def browser(server: Server) -> Iterator[Any]:
    yield from start_browser()


def _by(driver: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(driver.find_elements(By.CSS_SELECTOR, selector))


def _one(driver: Any, selector: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def _open(driver: Any, server: Server, view: str) -> None:
    driver.get(f"{server.address}#{view}")
    wait_for(lambda: "connected" in _one(driver, "#connection").text, what="the WebSocket")
    wait_for(lambda: _one(driver, f"#view-{view}").is_displayed(), what=f"the {view} view")


def _choose(driver: Any, selector: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    wait_for(
        lambda: any(option.get_attribute("value") == value for option in _by(driver, f"{selector} option")), what=f"{value} in {selector}"
    )
    Select(_one(driver, selector)).select_by_value(value)


def _click(driver: Any, selector: str, choose: Any = None) -> str:
    """Click the element ``choose`` picks among those ``selector`` finds (the first by default), finding
    them again if the page redrew them meanwhile; the clicked element's text."""
    from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException

    for _ in range(50):
        try:
            found = _by(driver, selector)
            chosen = (choose or (lambda elements: elements[0] if elements else None))(found)
            if chosen is None:
                raise AssertionError(f"nothing to click at {selector}")
            text: str = chosen.text
            chosen.click()
            return text
        except (StaleElementReferenceException, ElementClickInterceptedException):
            continue
    raise AssertionError(f"{selector} kept changing under the click")


def _felt(driver: Any) -> dict[str, str]:
    data: dict[str, str] = driver.execute_script("return Object.assign({}, document.getElementById('felt').dataset)")
    return data


def _summary_shown(driver: Any) -> bool:
    return bool(driver.execute_script("return !document.getElementById('summary').hidden"))


def _new_table(driver: Any, server: Server, variant: str, seed: int) -> None:
    """Open the table and start a game of ``variant`` dealt from ``seed``, the bots at full pace."""
    _open(driver, server, "table")
    _choose(driver, "#table-variant", variant)
    _choose(driver, "#table-pace", "0")
    seed_box = _one(driver, "#table-seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    _one(driver, "#table-new").click()
    wait_for(lambda: _felt(driver).get("phase"), what="the first deal")


def play_a_hand_by_clicking(driver: Any, server: Server, variant: str, seed: int, shot: str | None = None) -> dict[str, Any]:
    """Start a game of ``variant`` and play the person's seat to the end of the first hand by clicking:
    the highest plain bid once (so the person takes the kitty and discards), pass after, the first legal
    card, and once a dimmed (illegal) card, which must be refused on screen. Returns what was seen."""
    _new_table(driver, server, variant, seed)
    seen: dict[str, Any] = {"refused": None, "bid": False, "discarded": False, "plays": 0, "dummy_plays": 0, "shot": False}
    for _ in range(400):
        wait_for(lambda: _summary_shown(driver) or _felt(driver).get("myTurn") == "true", timeout=30, what="the person's turn")
        if _summary_shown(driver):
            break
        phase, events = _felt(driver)["phase"], _felt(driver)["events"]
        if phase == "auction":
            if not seen["bid"]:

                def highest(found: list[Any]) -> Any:
                    return [each for each in found if re.fullmatch(r"bid \d+[A-Z]+", each.text)][-1]

                if "undone" not in seen:
                    # Bid, take it back (with the bots' moves since), and bid again.
                    bid = _click(driver, "#table-actions button", highest)
                    wait_for(lambda events=events: _felt(driver).get("events") != events, what="the bid")
                    _one(driver, "#table-undo").click()
                    wait_for(lambda: "taken back" in _one(driver, "#table-message").text and _felt(driver).get("myTurn") == "true")
                    seen["undone"] = bid.split()[1] not in _one(driver, "#auction").text and _felt(driver)["events"] == events
                _click(driver, "#table-actions button", highest)
                seen["bid"] = True
            else:
                _click(driver, "#table-actions button", lambda found: [each for each in found if each.text == "pass"][0])
        elif _by(driver, "#discard-button"):
            # The other seats hold their dealt hands while the person holds the kitty too (a player's trial
            # saw 13 each: the count was taken from the person's own hand).
            seen["others_while_discarding"] = sorted({each.text for each in _by(driver, "#seats .count") if "face down" not in each.text})
            count = int(re.search(r"Choose (\d+)", _one(driver, "#table-actions").text).group(1))  # type: ignore[union-attr]
            for index in range(count):
                _click(driver, "#table-hand > .card", lambda found, index=index: found[index])
            wait_for(lambda: _one(driver, "#discard-button").is_enabled(), what="the discard button")
            _one(driver, "#discard-button").click()
            seen["discarded"] = True
        elif phase == "play":
            dimmed = _by(driver, "#table-hand .card.dim, #seats .card.dim")
            if dimmed and seen["refused"] is None:
                _click(driver, "#table-hand .card.dim, #seats .card.dim")
                seen["refused"] = wait_for(
                    lambda: "Not accepted" in _one(driver, "#table-message").text and _one(driver, "#table-message").text,
                    what="the refusal of an illegal card",
                )
                assert "refused" in _one(driver, "#table-message").get_attribute("class")
            legal = _by(driver, "#table-hand .card.legal, #seats .card.legal")
            assert legal, "no legal card to click"
            in_dummy = bool(_by(driver, "#seats .card.legal"))
            if shot and not seen["shot"] and len(_by(driver, "#trick .card")) >= 2:
                screenshot(driver, shot)
                seen["shot"] = True
            if seen["plays"] == 3 and "hint" not in seen:
                # A hint with its reason, its card marked; the last trick on request, and back.
                _one(driver, "#table-hint").click()
                seen["hint"] = wait_for(lambda: "Hint: play" in _one(driver, "#table-message").text and _one(driver, "#table-message").text)
                assert _by(driver, ".card.hinted"), "the hinted card is not marked"
                _one(driver, "#table-last").click()
                seen["last"] = wait_for(lambda: "wins the trick" in _one(driver, "#trick").text and _one(driver, "#trick").text)
                _one(driver, "#table-last").click()
                # "help" typed in the action box is words about the box, not a move for the engine to refuse.
                from selenium.webdriver.common.keys import Keys

                _one(driver, "#table-typed").send_keys("help", Keys.ENTER)
                seen["help"] = wait_for(
                    lambda: "Type an action" in _one(driver, "#table-message").text and _one(driver, "#table-message").text
                )
                # A refused action stays in the box to be mended (a trial retyped it whole).
                box = _one(driver, "#table-typed")
                box.send_keys("play ZZ", Keys.ENTER)
                wait_for(lambda: "Not accepted" in _one(driver, "#table-message").text, what="the refusal")
                seen["kept"] = box.get_attribute("value")
                box.clear()
            seen["tricks_line"] = _one(driver, "#tricks-this-hand").text
            seen["declaring_side"] = driver.execute_script("return [table.view.declaring_side, table.view.observation.tricks_won]")
            _click(driver, "#table-hand .card.legal, #seats .card.legal")
            seen["plays"] += 1
            seen["dummy_plays"] += in_dummy
        elif _by(driver, "#table-cards .card.legal"):  # taking a card face up on the table (two-handed, 52 cards)
            _click(driver, "#table-cards .card.legal")
        elif phase == "partner" and "calls" not in seen:
            seen["calls"] = driver.execute_script(
                "return [...document.querySelectorAll('#table-actions .call-row')].map((row) => ({suit: row.dataset.suit,"
                " sign: row.querySelector('.call-suit').textContent, buttons: [...row.querySelectorAll('button')].map((b) =>"
                " ({text: b.textContent, action: b.dataset.action, own: b.classList.contains('own-card')}))}))"
            )
            seen["hand_cards"] = driver.execute_script("return table.view.observation.hand")
            _click(driver, "#table-actions button")
        else:
            _click(driver, "#table-actions button")
        wait_for(lambda events=events: _summary_shown(driver) or _felt(driver).get("events") != events, timeout=10, what="the action taken")
    assert _summary_shown(driver), "the hand did not end"
    seen["summary"] = _one(driver, "#summary").text
    # Nothing of the next hand (already dealt) is live under the summary: a trial passed in hand 2 there.
    felt = _felt(driver)
    seen["live_under_summary"] = (
        bool(_by(driver, "#table-actions button, #table-hand .card.legal")) or felt.get("myTurn") == "true" or felt.get("hand") != "0"
    )
    return seen


def test_a_whole_hand_of_standard_by_clicking(browser: Any, server: Server) -> None:
    seen = play_a_hand_by_clicking(browser, server, "standard", 11, shot="web-table.png")
    assert "Hand 1 is over" in seen["summary"] and "Points:" in seen["summary"]
    assert seen["bid"] and seen["undone"] and seen["discarded"] and seen["plays"] >= 5
    assert seen["others_while_discarding"] == ["10"], seen
    assert not seen["live_under_summary"], seen
    # The engine's own sentence, shown on the page: the card does not follow suit.
    assert seen["refused"] and "Not accepted" in seen["refused"] and "must follow" in seen["refused"].lower(), seen["refused"]
    # Said to the person ("you must follow ...: you hold ..."), not to "seat 0" (a trial's finding).
    assert seen["refused"].startswith("Not accepted: you must follow") and "you hold" in seen["refused"], seen["refused"]
    assert re.search(r"Hint: play \S+ \(.{10,}\)", seen["hint"]) and "wins the trick" in seen["last"], seen
    assert "Yours now: play " in seen["help"] and "Not accepted" not in seen["help"], seen["help"]
    assert seen["kept"] == "play ZZ", seen
    screenshot(browser, "web-summary.png")
    # The hand's transcript, downloaded through the browser, replays with fivehundred replay.
    downloads = server.folder / "downloads"
    downloads.mkdir(exist_ok=True)
    browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    _one(browser, "#summary-transcript").click()
    # Named for the game as well as the hand (every game's first hand was hand-001.json, a trial found).
    named = downloads / "standard-500-seed-11-hand-001.json"
    transcript = wait_for(lambda: named.exists() and named, what="the downloaded transcript")
    wait_for(lambda: transcript.read_text(encoding="utf-8").rstrip().endswith("}"), what="the whole transcript")
    assert main(["replay", str(transcript)]) == 0
    # The summary covers the felt, so it says the last trick (a player's trial never saw it); the last trick
    # asked for under it is not asked for in the next hand (the button stayed on "Current trick").
    last = _one(browser, "#summary-last").text
    assert re.fullmatch(r"Last trick: (Seat \d[^,]*? \S+, ){3}Seat \d[^,]*? \S+; won by Seat \d.*\.", last), last
    _one(browser, "#table-last").click()
    _one(browser, "#summary-next").click()
    wait_for(lambda: not _summary_shown(browser), what="the next hand")
    assert _one(browser, "#table-last").text == "Last trick"


def test_five_handed_the_partner_call_is_a_row_a_suit_the_persons_own_cards_last(browser: Any, server: Server) -> None:
    """Rules text 000, "Five-handed 500" (the bid's winner names a card; its holder is the partner): a trial
    hunted among 53 buttons in one block. The call is a row a suit, each button the card's rank (the action
    it sends is the whole card), the person's own cards last in their row and marked."""
    seen = play_a_hand_by_clicking(browser, server, "five-handed", 3)
    rows = seen.get("calls")
    assert rows, "the person never called a partner"
    suited = [row for row in rows if row["suit"]]
    assert len(suited) == 4 and {row["sign"] for row in suited} == {"♠", "♥", "♦", "♣"}, rows
    own = set(seen["hand_cards"])
    for row in suited:
        actions = [button["action"] for button in row["buttons"]]
        assert all(action.startswith("partner ") and action.endswith(row["suit"]) for action in actions), row
        assert all(button["action"] == f"partner {button['text']}{row['suit']}" for button in row["buttons"]), row
        marks = [button["own"] for button in row["buttons"]]
        assert marks == sorted(marks) and marks == [action[8:] in own for action in actions], row
    # The side the call makes is counted against its contract, as the terminal's table does (a trial added it up).
    side, won = seen["declaring_side"]
    assert side is not None and len(side["seats"]) == 2 and side["needs"] >= 6 and not side["take_none"], side
    taken = sum(won[seat] for seat in side["seats"])
    assert seen["tricks_line"].endswith(f"the declaring side: {taken} of the {side['needs']} it needs"), seen["tricks_line"]


def test_a_whole_hand_of_two_handed_by_clicking_own_and_dummy_cards(browser: Any, server: Server) -> None:
    seen = play_a_hand_by_clicking(browser, server, "two-handed", 4, shot="web-two-handed.png")
    assert "Hand 1 is over" in seen["summary"]
    assert seen["plays"] >= 10 and seen["dummy_plays"] >= 1, seen
    assert not seen["live_under_summary"], seen
    assert seen["refused"] and "Not accepted" in seen["refused"], seen


def _take_a_turn(driver: Any) -> None:
    """The person at this page does one thing: pass in the auction, discard the first cards, play the
    first legal card, or press the first action button."""
    phase = _felt(driver)["phase"]
    if phase == "auction":
        _click(driver, "#table-actions button", lambda found: [each for each in found if each.text == "pass"][0])
    elif _by(driver, "#discard-button"):
        count = int(re.search(r"Choose (\d+)", _one(driver, "#table-actions").text).group(1))  # type: ignore[union-attr]
        for index in range(count):
            _click(driver, "#table-hand > .card", lambda found, index=index: found[index])
        _click(driver, "#discard-button")
    elif phase == "play":
        _click(driver, "#table-hand .card.legal, #seats .card.legal")
    else:
        _click(driver, "#table-actions button")


def _play_to_the_summary(driver: Any, turns: int) -> None:
    """The person takes a turn (:func:`_take_a_turn`) each time it is theirs, at most ``turns`` times, until
    the hand's summary shows."""
    for _ in range(turns):
        wait_for(lambda: _summary_shown(driver) or _felt(driver).get("myTurn") == "true", timeout=30, what="the person's turn")
        if _summary_shown(driver):
            break
        events = _felt(driver)["events"]
        _take_a_turn(driver)
        wait_for(lambda events=events: _summary_shown(driver) or _felt(driver).get("events") != events, timeout=10, what="the turn")


def test_the_next_hand_stays_out_of_reach_until_the_summary_is_closed(browser: Any, server: Server) -> None:
    """A user trial (two-handed, seed 3, passing): "Hand 1 is over" stayed over the felt while hand 2's bid
    buttons were live under it; the person passed there and the bots led a card hidden by the box. Until
    the summary is closed the table shows the hand that ended, and nothing of the next is the person's to
    act on; after it, the next hand is. (Seed 4: since the bidding reads the dummies' face-up cards, the bot
    passes seed 3's first hand too, and a hand passed out has no trick to show.)"""
    _new_table(browser, server, "two-handed", 4)
    _play_to_the_summary(browser, 200)
    assert _summary_shown(browser) and "Hand 1 is over" in _one(browser, "#summary").text
    felt = _felt(browser)
    assert felt["hand"] == "0" and felt["myTurn"] == "false" and not _by(browser, "#table-actions button"), felt
    # The hand as it ended: the last trick's cards are on the felt, not still in the hand or a dummy (the
    # view before the last card was shown under the summary), and Last trick shows that trick.
    cards = "return [...document.querySelectorAll(arguments[0])].map((each) => each.dataset.card)"
    last = browser.execute_script(cards, "#trick .card")
    held = browser.execute_script(cards, "#table-hand .card, #seats .card")
    assert len(last) == 4 and not set(last) & set(held), (last, held)
    _one(browser, "#table-last").click()
    assert sorted(browser.execute_script(cards, "#trick .card")) == sorted(last)
    _one(browser, "#table-last").click()
    # The scores beside the summary are the scores after the hand, and nobody is marked to act.
    after = re.findall(r"→ (-?\d+)", _one(browser, "#summary").text)
    panel = [each.text.rsplit(": ", 1)[1] for each in _by(browser, "#scores [data-team]")]
    assert after and panel == after, (panel, after)
    assert not _by(browser, "#seats .seat.to-act")
    _one(browser, "#table-undo").click()  # said, not silently ignored
    wait_for(lambda: "can no longer be taken back" in _one(browser, "#table-message").text, what="undo's answer")
    from selenium.webdriver.common.keys import Keys

    _one(browser, "#table-typed").send_keys("help", Keys.ENTER)  # (it said "It is not your turn" here)
    wait_for(lambda: "The hand is over: press Next hand" in _one(browser, "#table-message").text, what="help's answer")
    _one(browser, "#summary-next").click()
    wait_for(lambda: not _summary_shown(browser), what="the summary closed")
    wait_for(lambda: _felt(browser).get("hand") == "1", what="the next hand shown")


def test_a_hand_passed_out_leaves_nothing_live_under_its_summary(browser: Any, server: Server) -> None:
    """A helper's trial: after a hand every seat passed (two-handed, seed 3, the person passing), the
    summary covered a felt still showing the person's turn with the auction's buttons live: with no trick
    to draw, the hand as it ended was never drawn. Nothing is the person's to act on until the summary is
    closed."""
    _new_table(browser, server, "two-handed", 3)
    _play_to_the_summary(browser, 20)
    assert _summary_shown(browser) and "No contract" in _one(browser, "#summary").text, "seed 3's first hand was not passed out"
    felt = _felt(browser)
    assert felt["myTurn"] == "false" and not _by(browser, "#table-actions button"), felt
    # The auction as it ended: every seat's pass, the person's and the last one's among them.
    calls = browser.execute_script("return table.view.observation.calls")
    assert [call for _, call in calls] == ["pass"] * 2 and sorted(seat for seat, _ in calls) == [0, 1], calls
    _one(browser, "#summary-next").click()
    wait_for(lambda: not _summary_shown(browser), what="the summary closed")


def _turn(driver: Any) -> str | None:
    """The words of the person's turn on the felt, read in one step (the felt is redrawn as the bots move)."""
    found: str | None = driver.execute_script("const turn = document.getElementById('table-turn'); return turn && turn.textContent")
    return found


def test_on_a_laptop_screen_the_hand_and_its_actions_show_without_scrolling_and_say_whose_turn(browser: Any, server: Server) -> None:
    """A user trial at 1280x800 (a viewport 657 pixels tall) and 1024x768 scrolled for every decision: the
    felt's fixed height put the person's hand and bid buttons below the fold. Nothing said "your turn" but
    the cards no longer dimmed, and the buttons read raw ids (``bid open_misere``). The felt now gives way to
    the window's height, the person's own seat is on the felt with what it is to do, and a special contract's
    button reads its name (the action it sends is the id)."""
    size = browser.get_window_size()
    try:
        for width, height, variant in ((1280, 657, "standard"), (1024, 620, "two-handed"), (1024, 620, "sans-kitty")):
            browser.set_window_size(width, height)
            inner = browser.execute_script("return [window.innerWidth, window.innerHeight]")
            browser.set_window_size(2 * width - inner[0], 2 * height - inner[1])  # the viewport, not the window
            before = browser.execute_script("return typeof table === 'undefined' ? null : table.game")
            _new_table(browser, server, variant, 5)
            # (The page is not reloaded between games: the last game's felt shows until the new one's first view.)
            wait_for(
                lambda before=before: browser.execute_script(
                    "const turn = document.getElementById('table-turn'), seat = document.getElementById('seat-0');"
                    "return table.game !== null && table.game !== arguments[0] && table.info.seed === 5"
                    " && turn !== null && turn.textContent === 'Your turn to bid.' && seat.classList.contains('to-act')",
                    before,
                ),
                timeout=30,
                what="the new game's turn to bid, the person's seat marked",
            )
            bottoms = browser.execute_script(
                "return [...document.querySelectorAll('#table-hand .card, #table-actions')]"
                ".map((each) => each.getBoundingClientRect().bottom)"
            )
            assert bottoms and max(bottoms) <= height, (variant, max(bottoms), height)
            if variant == "standard":
                named = wait_for(
                    lambda: [
                        each.text
                        for each in _by(browser, "#table-actions button")
                        if each.get_attribute("data-action") == "bid open_misere"
                    ]
                )
                assert named == ["bid open misère"]
            # In the play, the person's turn says who led what.
            for _ in range(60):
                if _felt(browser).get("phase") == "play" and _felt(browser).get("myTurn") == "true":
                    break
                events = _felt(browser)["events"]
                _take_a_turn(browser)
                wait_for(lambda events=events: _felt(browser).get("events") != events or _summary_shown(browser), timeout=10)
                wait_for(lambda: _felt(browser).get("myTurn") == "true" or _summary_shown(browser), timeout=30, what="a turn")
                if _summary_shown(browser):
                    break
            if not _summary_shown(browser):
                turn = wait_for(lambda: _turn(browser), what="the turn's words")
                led = r"(you|your dummy|your partner \(seat \d\)|seat \d) led \w+"
                assert re.fullmatch(rf"Your (lead|dummy's lead)\.|(Your turn|Your dummy to play): {led}\.", turn), turn
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_a_seat_link_lets_a_second_browser_window_take_a_seat(browser: Any, server: Server) -> None:
    """Beyond the issue's list: two people at one table (the second through a seat link, in another
    window), the bots in the other seats; each sees the other's moves and the hand's summary."""
    # A deal the bots bid with both people passing: an unseeded one was passed out about one time in eight
    # (the hand over after one turn each), which made this test fail at random.
    _new_table(browser, server, "standard", 1)
    _choose(browser, "#table-invite-seat", "2")
    _one(browser, "#table-invite").click()
    link = wait_for(lambda: _one(browser, "#table-link").get_attribute("value"), what="the seat link")
    assert link.startswith(server.base) and server.token in link and link.endswith(":2")
    first = browser.current_window_handle
    browser.switch_to.new_window("window")
    second = browser.current_window_handle
    try:
        browser.get(link)
        wait_for(lambda: "you are seat 2" in _one(browser, "#table-message").text, what="the second person's seat")
        _choose(browser, "#table-pace", "0")
        turns = {first: 0, second: 0}
        for _ in range(200):
            done = []
            for handle in (first, second):
                browser.switch_to.window(handle)
                if _summary_shown(browser):
                    done.append(handle)
                elif _felt(browser).get("myTurn") == "true":
                    events = _felt(browser)["events"]
                    _take_a_turn(browser)
                    wait_for(lambda events=events: _summary_shown(browser) or _felt(browser).get("events") != events, what="the move")
                    turns[handle] += 1
            if len(done) == 2:
                break
            time.sleep(0.1)
        assert len(done) == 2, "the hand did not end in both windows"
        assert turns[first] >= 5 and turns[second] >= 5, turns
        browser.switch_to.window(second)
        assert "Hand 1 is over" in _one(browser, "#summary").text
        assert "Seat 0 (partner)" in _one(browser, "#seats").text
    finally:
        browser.switch_to.window(second)
        browser.close()
        browser.switch_to.window(first)


def test_the_page_s_view_and_the_events_it_was_told_agree_when_another_person_acts_between_its_questions(
    browser: Any, server: Server
) -> None:
    """A trial's worry with two people at one table: the page asked for the events, then for its view, and a
    move made between the two was in the view but not among the events told, so it was told again next time
    (a trick counted twice under a hand's summary). The page asks for its view first, then the events up to
    it: a move made between the two questions is told next time, never twice."""
    _new_table(browser, server, "standard", 1)
    wait_for(lambda: _felt(browser).get("myTurn") == "true", what="the person's turn")
    seen, counted = browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const real = engine.ask.bind(engine);
        let moved = false;
        engine.ask = async (command, fields) => {
          const reply = await real(command, fields);
          if (!moved && (command === "state" || command === "events")) {
            moved = true;  // another person at the table acts between the page's two questions
            const now = await real("state", { game: table.game, player: table.me });
            await real("act", { game: table.game, player: table.me, action: now.legal[0] });
          }
          return reply;
        };
        catchUp(table.game).then(() => { engine.ask = real; done([table.seen, table.view.event_count]); });
        """
    )
    assert seen == counted, f"the page was told {seen} events but its view counts {counted}"


def test_watching_bots_in_every_seat_plays_a_hand_with_no_click(browser: Any, server: Server) -> None:
    _open(browser, server, "table")
    _choose(browser, "#table-variant", "five-handed")
    _choose(browser, "#table-pace", "0")
    watch = _one(browser, "#table-watch")
    if not watch.is_selected():
        watch.click()
    _one(browser, "#table-new").click()
    wait_for(lambda: _summary_shown(browser), timeout=60, what="the watched hand's end")
    assert "Hand 1 is over" in _one(browser, "#summary").text
    assert len(_by(browser, "#seats .seat")) == 5 and _felt(browser)["myTurn"] == "false"
    watch.click()


def test_a_house_rule_typo_is_shown_at_its_line_and_fixing_it_changes_the_rules_in_words(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.keys import Keys

    _open(browser, server, "editor")
    wait_for(lambda: "300;" in [each.text for each in _by(browser, "#editor-words-changes ins")], what="the starting text's rules in words")
    area = _one(browser, "#editor-text")
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    typo = "extends: standard\nname: Typo rules\ncontracts:\n  misere:\n    valeu: 350\n"
    area.send_keys(typo)
    problem = wait_for(lambda: [item.text for item in _by(browser, "#editor-problems li.problem")], what="the typo's problem")
    # The same line `fivehundred validate` prints for the same file.
    (server.folder / "house.yaml").write_text(typo, encoding="utf-8")
    expected = cli_validate_lines(server.folder)
    assert problem == expected, (problem, expected)
    assert problem[0].startswith("house.yaml:5:5: $.contracts.misere.valeu:") and "Did you mean 'value'?" in problem[0]
    assert [mark.get_attribute("data-line") for mark in _by(browser, "#editor-gutter .bad")] == ["5"]
    assert "last valid text" in _one(browser, "#editor-words").text
    screenshot(browser, "web-editor.png")
    # Fixed: the problem goes and the rules in words show the new value, marked as differing from standard.
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    area.send_keys(typo.replace("valeu", "value"))
    wait_for(lambda: "house.yaml: ok" in _one(browser, "#editor-problems").text, what="the fixed file")
    changed = wait_for(
        lambda: [item.text for item in _by(browser, "#editor-words li.changed") if "misere" in item.text and "350" in item.text],
        what="misère at 350, marked",
    )
    assert "differs from Standard 500" in changed[0]
    assert "350;" in [each.text for each in _by(browser, "#editor-words-changes ins")]
    assert not _by(browser, "#editor-gutter .bad")
    # Saved into the server's folder. house.yaml exists there (written above, not opened in the editor): a
    # trial's Save replaced such a file unasked, so the page asks first; declined, the file stays as it was.
    _one(browser, "#editor-save").click()
    asked = wait_for(lambda: _alert(browser), what="the question before replacing house.yaml")
    assert "house.yaml already exists" in asked.text
    asked.dismiss()
    wait_for(lambda: "left as it was" in _one(browser, "#editor-status").text, what="the declined save")
    assert (server.folder / "house.yaml").read_text(encoding="utf-8") == typo
    _one(browser, "#editor-save").click()
    wait_for(lambda: _alert(browser), what="the question again").accept()
    wait_for(lambda: "saved house.yaml" in _one(browser, "#editor-status").text, what="the save")
    assert (server.folder / "house.yaml").read_text(encoding="utf-8") == typo.replace("valeu", "value")
    # The file the editor saved is its own now: saved again without a question.
    area.send_keys("# again\n")
    _one(browser, "#editor-save").click()
    wait_for(lambda: "# again" in (server.folder / "house.yaml").read_text(encoding="utf-8"), what="the second save")
    assert _alert(browser) is None
    # Open asks before it drops changes not saved, and opens the file named in the File box (a trial lost
    # its edits, and Open opened the list's earlier choice rather than the name typed).
    (server.folder / "other.yaml").write_text("extends: standard\nname: Other\n", encoding="utf-8")
    area.send_keys("# not saved\n")
    name = _one(browser, "#editor-file")
    name.clear()
    name.send_keys("other.yaml")
    _one(browser, "#editor-open").click()
    asked = wait_for(lambda: _alert(browser), what="the question before dropping the changes")
    assert "changes not saved" in asked.text and "other.yaml" in asked.text
    asked.dismiss()
    assert "# not saved" in area.get_attribute("value")
    _one(browser, "#editor-open").click()
    wait_for(lambda: _alert(browser), what="the question again").accept()
    wait_for(lambda: area.get_attribute("value") == "extends: standard\nname: Other\n", what="other.yaml opened")
    wait_for(lambda: "opened other.yaml" in _one(browser, "#editor-status").text, what="the status naming the file")


def _alert(driver: Any) -> Any:
    """The page's open dialog (a confirm), or ``None``."""
    from selenium.common.exceptions import NoAlertPresentException

    try:
        alert = driver.switch_to.alert
        alert.text  # noqa: B018 (raises where there is none)
        return alert
    except NoAlertPresentException:
        return None


def cli_validate_lines(folder: Path) -> list[str]:
    """What ``fivehundred validate house.yaml`` prints in ``folder`` for each problem."""
    import contextlib
    import io
    import os

    out = io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(out):
            assert main(["validate", "house.yaml"]) == 1
    finally:
        os.chdir(here)
    return [line for line in out.getvalue().splitlines() if line.startswith("house.yaml:")]


def test_the_variants_view_marks_the_rules_that_differ_from_standard(browser: Any, server: Server) -> None:
    _open(browser, server, "variants")
    wait_for(lambda: _by(browser, "#variant-list tr[data-name='australian']"), what="the list of variants")
    # A player's trial: the variant's buttons showed before one was chosen (hidden, but a class displayed them).
    assert not _one(browser, "#variant-actions").is_displayed()
    assert len(_by(browser, "#variant-list tbody tr")) >= 20
    _one(browser, "#variant-list tr[data-name='australian']").click()
    words = wait_for(lambda: _one(browser, "#variant-words").text if "Australian 500" in _one(browser, "#variant-words").text else "")
    assert "differ from Standard 500" in words
    marked = [item.text for item in _by(browser, "#variant-words li.changed")]
    assert any("490" in line for line in marked), marked
    # A trial compared two three-line sentences struck whole to find what changed: the words that differ are
    # marked, as the reports mark them (the line before, the struck words and the new ones in one line).
    changes = _by(browser, "#variant-words-changes li")
    struck = [(item.text, [each.text for each in item.find_elements("css selector", "del")]) for item in changes]
    assert any(words and "→" not in line and sum(len(each.split()) for each in words) <= 3 for line, words in struck), struck
    screenshot(browser, "web-variants.png")


def test_a_200_hand_simulation_shows_its_progress_and_its_report(browser: Any, server: Server) -> None:
    _open(browser, server, "simulate")
    _choose(browser, "#sim-variant", "standard")
    _choose(browser, "#sim-unit", "hands")
    count = _one(browser, "#sim-count")
    count.clear()
    count.send_keys("200")
    _one(browser, "#sim-run").click()
    wait_for(lambda: "done in" in _one(browser, "#sim-status").text, timeout=90, what="the simulation")
    progress = _one(browser, "#sim-progress")
    assert progress.get_attribute("value") == progress.get_attribute("max") and int(progress.get_attribute("max")) >= 1
    frame = _one(browser, "#sim-report")
    assert frame.is_displayed()
    browser.switch_to.frame(frame)
    try:
        heading = _one(browser, "h1").text
        page = browser.find_element("tag name", "body").text
    finally:
        browser.switch_to.default_content()
    assert "Standard 500" in heading and "200 hands" in page.replace(",", ""), heading
    screenshot(browser, "web-simulate.png")


def test_compare_and_sweep_from_the_simulate_view_show_their_reports(browser: Any, server: Server) -> None:
    _open(browser, server, "simulate")
    _choose(browser, "#sim-variant", "standard")
    _choose(browser, "#sim-second", "australian")
    _choose(browser, "#sim-unit", "hands")
    count = _one(browser, "#sim-count")
    count.clear()
    count.send_keys("60")
    for button, expected in (("#sim-compare", "Australian 500"), ("#sim-sweep", "contracts.misere.value=300")):
        if button == "#sim-sweep":
            _one(browser, "#sim-set").send_keys("contracts.misere.value=250,300")
        before = _one(browser, "#sim-status").text
        _one(browser, button).click()
        wait_for(lambda before=before: "done in" in _one(browser, "#sim-status").text != before, timeout=90, what=button)
        browser.switch_to.frame(_one(browser, "#sim-report"))
        try:
            page = browser.find_element("tag name", "body").text
        finally:
            browser.switch_to.default_content()
        assert expected in page, (button, page[:300])
