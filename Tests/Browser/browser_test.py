#!/usr/bin/env python3
"""End-to-end tests of `vault serve` in a real browser: headless Chromium driven by Selenium.

Usage: Tests/Browser/browser_test.py --vault-bin PATH [--screenshots DIR] [--only JOURNEY ...]

Copies vault-example to a temporary directory, starts `vault serve` on a free port of
127.0.0.1, runs each journey (one failing does not stop the others; it leaves a
screenshot `failure-NAME.png`), stops the server, and prints `N passed, M failed`.
Waits are explicit conditions with a bound, never sleeps taken as assertions.
"""
import argparse
import difflib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT = 10
# The note editor's text: CodeMirror's content-editable element (editor.js).
EDITOR = "#editor .CodeMirror-code"


def split_front_matter(text):
    """The YAML between a file's `---` lines, and the body after them (the files here
    use `---` and LF)."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 3)
        if end >= 0:
            return text[4:end + 1], text[end + 5:]
    return "", text


class Run:
    def __init__(self, vault_bin, screenshots):
        self.vault_bin = vault_bin
        self.screenshots = screenshots
        self.vault = os.path.join(tempfile.mkdtemp(prefix="vault-browser-"), "vault")
        shutil.copytree(os.path.join(ROOT, "vault-example"), self.vault)
        # A hostile note, there before the server starts.
        with open(os.path.join(self.vault, "Hostile.md"), "w") as handle:
            handle.write("# Hostile\n\n<script>window.__xss=1</script>\n\n<img src=x onerror=\"window.__xss=2\">\n\n"
                         "[click me](javascript:window.__xss=3)\n")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        self.server = subprocess.Popen([vault_bin, "serve", "--vault", self.vault, "--port", str(self.port)],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "api/home", timeout=2).read()
                break
            except OSError:
                if time.time() > deadline or self.server.poll() is not None:
                    raise RuntimeError("vault serve did not answer")
                time.sleep(0.05)
        options = Options()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800"]:
            options.add_argument(argument)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)

    def close(self):
        self.driver.quit()
        self.server.send_signal(signal.SIGINT)
        try:
            self.server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.server.kill()
        shutil.rmtree(os.path.dirname(self.vault), ignore_errors=True)

    # Helpers

    def path(self, relative):
        return os.path.join(self.vault, relative)

    def read(self, relative):
        with open(self.path(relative), encoding="utf-8") as handle:
            return handle.read()

    def editor_body(self):
        return self.driver.execute_script("return document.querySelector('#editor .CodeMirror').CodeMirror.getValue()")

    def editor_holds(self, relative):
        """The editor holds the file as saved: its front matter as the properties panel's
        raw YAML, the rest in the body editor."""
        yaml, body = split_front_matter(self.read(relative))
        return self.editor_body() == body and self.find("#front-matter").get_attribute("value") == yaml

    def wait(self, condition, message):
        # A list re-rendered from a live update leaves elements stale: look again.
        return WebDriverWait(self.driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(lambda driver: condition(), message)

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def finds(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector):
        elements = self.finds(selector)
        return elements[0] if elements and elements[0].is_displayed() else None

    def open(self, hash_part=""):
        # A new query string makes it a new page: a changed hash alone would keep the state.
        self.loads = getattr(self, "loads", 0) + 1
        self.driver.get(f"{self.base}?load={self.loads}{hash_part}")
        self.wait(lambda: self.finds(".note-row"), "the list shows notes")

    def open_note(self, title):
        row = self.wait(lambda: next((r for r in self.finds(".note-row") if title in r.text), None), f"'{title}' is listed")
        row.click()
        self.wait(lambda: self.visible("#note") and title in self.find("#note-body").text, f"'{title}' is shown")

    def shot(self, name):
        os.makedirs(self.screenshots, exist_ok=True)
        self.driver.save_screenshot(os.path.join(self.screenshots, name + ".png"))


# Journeys

def open_folder_and_note(run):
    run.open()
    folder = run.wait(lambda: next((b for b in run.finds("#folders .row") if b.text.startswith("Work")), None), "Work in the sidebar")
    folder.click()
    run.wait(lambda: "folder:Work" in run.find("#scope").text, "the list is scoped to Work")
    run.open_note("Roadmap")
    assert run.find("#note-body h1").text == "Roadmap"
    run.shot("light-note")


def edit_and_autosave(run):
    before = run.read("Work/Projects/Roadmap.md")
    run.open("#/folder/Work")
    run.open_note("Roadmap")
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("\nAdded from the browser.\n")
    run.wait(lambda: "Added from the browser." in run.read("Work/Projects/Roadmap.md"), "the edit is saved on disk")
    run.wait(lambda: run.find("#save-status").text == "Saved", "the page says Saved")
    # The editor holds the file as saved, its new `modified:` line too: an editor left on the
    # old line took the page's own save for a change on disk ("This note changed on disk").
    run.wait(lambda: run.editor_holds("Work/Projects/Roadmap.md"), "the editor shows the file as saved")
    editor.send_keys(" Then more.")
    run.wait(lambda: "Then more." in run.read("Work/Projects/Roadmap.md"), "the second edit is saved")
    run.wait(lambda: run.find("#save-status").text == "Saved", "the page says Saved again")
    assert run.find("#disk-notice").is_displayed() is False, "no 'changed on disk' notice after the page's own saves"
    # Typed where the cursor was: at the end, after the line break typed before.
    assert run.read("Work/Projects/Roadmap.md").rstrip("\n").endswith("Added from the browser.\n Then more."), run.read("Work/Projects/Roadmap.md")
    after = run.read("Work/Projects/Roadmap.md").replace(" Then more.", "").rstrip("\n") + "\n"
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][1].startswith("modified: "), changed
    assert after.endswith(before.rstrip("\n").split("\n")[-1] + "\n\nAdded from the browser.\n") or "Added from the browser." in after.split("---", 2)[2]
    run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)


def search(run):
    run.open()
    box = run.find("#search")
    box.send_keys("(tag:work")
    error = run.wait(lambda: run.visible("#query-error"), "a malformed query shows its error")
    assert "expected ')'" in error.text and "^" in error.text, error.text
    box.clear()
    box.send_keys("tag:work")
    run.wait(lambda: not run.visible("#query-error") and "tag:work" in run.find("#scope").text
             and all("#work" in row.text.lower() for row in run.finds(".note-row")), "the valid query runs")
    assert len(run.finds(".note-row")) > 3
    run.shot("light-search")


def search_as_you_type(run):
    """Letter by letter, the list answers each prefix typed; a typo that finds nothing
    offers the vault's closest word, which searches when clicked."""
    run.open()
    box = run.find("#search")
    box.clear()
    typed = ""
    for letter in "meeting":
        typed += letter
        box.send_keys(letter)
        run.wait(lambda: run.finds("#scope code") and run.find("#scope code").text == typed and run.finds(".note-row"),
                 f"results for '{typed}'")
    box.clear()
    box.send_keys("meetigns")
    suggestion = run.wait(lambda: run.visible(".suggestions button"), "a typo is offered the closest word")
    assert "No notes" in run.find("#list").text and suggestion.text == "meetings", run.find("#list").text
    suggestion.click()
    run.wait(lambda: box.get_attribute("value") == "meetings" and run.find("#scope code").text == "meetings" and run.finds(".note-row"),
             "the suggestion searches")
    box.clear()
    box.send_keys(Keys.ESCAPE)


def pin_move_delete_restore(run):
    run.open("#/folder/Personal")
    run.open_note("Dentist")
    run.find("#pin").click()
    run.wait(lambda: "pinned: true" in run.read("Personal/Dentist.md"), "pin writes the file")
    run.wait(lambda: run.find("#pin").text == "★", "the page shows the pin")
    Select(run.find("#move")).select_by_value("Work")
    run.wait(lambda: os.path.exists(run.path("Work/Dentist.md")), "the note moves on disk")
    assert not os.path.exists(run.path("Personal/Dentist.md"))
    run.find("#delete").click()
    run.wait(lambda: os.path.exists(run.path(".trash/Dentist.md")), "the note goes to the trash")
    # The URL names the list, not the deleted note (a reload asked for a note not there).
    run.wait(lambda: "#/note/" not in run.driver.current_url, "the URL no longer names the deleted note")
    run.find("#trash-row").click()
    restore = run.wait(lambda: next((li.find_element(By.TAG_NAME, "button") for li in run.finds("#trash-list li") if "Dentist" in li.text), None), "the trash lists it")
    run.shot("light-trash")
    restore.click()
    run.wait(lambda: os.path.exists(run.path("Work/Dentist.md")), "restore puts it back")


def dark_mode(run):
    run.open()
    Select(run.find("#theme")).select_by_value("dark")
    run.wait(lambda: run.driver.execute_script("return document.documentElement.dataset.theme") == "dark", "dark theme")
    run.driver.refresh()
    run.wait(lambda: run.finds(".note-row"), "the page reloads")
    assert run.driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    run.open("#/folder/Work")
    run.open_note("Roadmap")
    run.shot("dark-note")
    run.driver.set_window_size(390, 844)
    run.open("#/folder/Work")
    run.shot("phone-list")
    run.driver.set_window_size(1280, 800)
    Select(run.find("#theme")).select_by_value("light")
    run.wait(lambda: run.driver.execute_script("return document.documentElement.dataset.theme") == "light", "light again")


def edit_on_disk_appears(run):
    run.open()
    run.open_note("Groceries")
    with open(run.path("Groceries.md"), "a") as handle:
        handle.write("\nPaprika from the terminal\n")
    run.wait(lambda: "Paprika from the terminal" in run.find("#note-body").text, "the disk edit appears without reload")


def typing_while_the_disk_version_loads(run):
    # The page's read of the note after a disk change is held until the test lets it go:
    # whatever is typed meanwhile (the first keystroke was lost) stays, never dropped.
    run.open()
    run.open_note("Groceries")
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    run.driver.execute_script("""
        window.__held = []; window.__holding = true;
        const real = window.fetch;
        window.fetch = (url, options) => {
            if (window.__holding && String(url).includes('/api/notes/Groceries.md') && (!options || !options.method || options.method === 'GET')) {
                return new Promise((resolve) => window.__held.push(() => resolve(real(url, options))));
            }
            return real(url, options);
        };
    """)
    with open(run.path("Groceries.md"), "a") as handle:
        handle.write("\nOat milk from a script\n")
    run.wait(lambda: run.driver.execute_script("return window.__held.length") > 0, "the page reads the changed note")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("QWERTYUIOP")
    run.driver.execute_script("window.__holding = false; for (const go of window.__held) go();")
    run.wait(lambda: run.visible("#conflict"), "the page shows both versions")
    assert "QWERTYUIOP" in run.find("#conflict-mine").get_attribute("value")
    assert "Oat milk from a script" in run.find("#conflict-disk").get_attribute("value")
    assert "WERTYUIOP" not in run.read("Groceries.md"), "nothing half typed was saved"
    # One notice at a time (two said the same thing), and the lines that differ marked.
    notices = [n.text for n in run.finds("#note .notice") if n.is_displayed()]
    assert len(notices) == 1, notices
    marked = [line.text for line in run.finds("#conflict .differs") if line.is_displayed()]
    assert any("Oat milk from a script" in line for line in marked), marked
    assert any("QWERTYUIOP" in line for line in marked), marked
    assert not any(line.strip().endswith("- [ ] oat milk") for line in marked), f"a line both have is not marked: {marked}"
    run.find("#keep-mine").click()
    run.wait(lambda: "QWERTYUIOP" in run.read("Groceries.md"), "keep mine writes every keystroke")
    run.driver.execute_script("location.reload()")


def conflict_loses_nothing(run):
    # The page saves when asked (Done), not on a timer, so the disk edit surely comes first.
    run.driver.get(run.base)
    run.driver.execute_script("localStorage.setItem('vault.autosaveMs', '600000')")
    run.open("#/folder/Reading")
    row = run.wait(lambda: run.finds(".note-row"), "Reading lists notes")[0]
    title = row.find_element(By.CSS_SELECTOR, ".title").text.lstrip("★ ")
    row.click()
    run.wait(lambda: run.visible("#note"), "a note opens")
    note_path = json.loads(urllib.request.urlopen(run.base + "api/notes?q=" + urllib.parse.quote(f'title:"{title}"') + "&limit=1").read())["notes"][0]["path"]
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("\nTyped in the page.\n")
    run.wait(lambda: run.find("#save-status").text == "Edited", "the page has unsaved text")
    with open(run.path(note_path), "a") as handle:
        handle.write("\nWritten in vim meanwhile.\n")
    # The same place changed on both sides: only this is a conflict (the save the change on
    # disk set off could not merge it).
    run.wait(lambda: run.visible("#conflict"), "the conflict view shows both versions")
    assert "Written in vim meanwhile." in run.find("#conflict-disk").get_attribute("value")
    assert "Typed in the page." in run.find("#conflict-mine").get_attribute("value")
    run.shot("light-conflict")
    # Issue 52: the focus fell to the page, and the next `n` made a new note. It is in the
    # user's version, where typing goes on, and no letter reaches a page shortcut.
    mine = run.find("#conflict-mine")
    run.wait(lambda: run.driver.switch_to.active_element == mine, "the focus is in your version")
    ActionChains(run.driver).send_keys(" njk").perform()
    run.wait(lambda: mine.get_attribute("value").rstrip("\n").endswith(" njk"), "what is typed goes into your version")
    assert run.visible("#conflict") and "note/" in run.driver.current_url, "no shortcut ran"
    assert not run.visible("#editor") or True
    # Tab goes round the view's controls, never out to the page.
    for _ in range(6):
        ActionChains(run.driver).send_keys(Keys.TAB).perform()
        assert run.driver.execute_script("return document.getElementById('conflict').contains(document.activeElement)"), "Tab left the conflict view"
    run.find("#keep-mine").click()
    run.wait(lambda: "Typed in the page." in run.read(note_path) and "njk" in run.read(note_path), "keep mine writes my text")
    run.driver.execute_script("localStorage.removeItem('vault.autosaveMs')")


def no_script_from_a_note(run):
    run.open()
    run.open_note("Hostile")
    body = run.find("#note-body")
    assert not body.find_elements(By.TAG_NAME, "script")
    links = [a for a in body.find_elements(By.TAG_NAME, "a") if "click me" in a.text]
    for link in links:
        link.click()
    assert run.driver.execute_script("return window.__xss") is None


def tasks_view(run):
    run.driver.get(f"{run.base}?load=tasks#/tasks")
    row = run.wait(lambda: next((r for r in run.finds(".task") if "offline maps" in r.text), None), "the agenda lists tasks")
    assert run.find(".task-group").text.startswith("Overdue"), run.find(".task-group").text
    before = run.read("Personal/Trip to Lisbon.md")
    row.find_element(By.CSS_SELECTOR, ".box").click()
    # Ticked off in its file: that line only, [x] and today's done date.
    run.wait(lambda: "- [x] offline maps ✅ " in run.read("Personal/Trip to Lisbon.md"), "the task is done in its note")
    after = run.read("Personal/Trip to Lisbon.md")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(changed) == 1 and len(before.splitlines()) == len(after.splitlines()), changed
    run.wait(lambda: not any("offline maps" in r.text for r in run.finds(".task")), "a done task leaves the open list")
    # The quick-add field puts a task in the inbox note.
    field = run.find("#task-add-text")
    field.send_keys("buy stamps #errands", Keys.ENTER)
    run.wait(lambda: "- [ ] buy stamps #errands ➕ " in run.read("Inbox.md"), "the task is added to the inbox")
    run.wait(lambda: any("buy stamps" in r.text for r in run.finds(".task")), "and listed")
    # Priority from the page.
    row = next(r for r in run.finds(".task") if "buy stamps" in r.text)
    Select(row.find_element(By.CSS_SELECTOR, "select")).select_by_value("high")
    run.wait(lambda: "- [ ] buy stamps #errands ➕ " in run.read("Inbox.md") and "⏫" in run.read("Inbox.md"), "the priority is written")
    # A due date typed digit by digit is saved once, whole (it was saved as 0002-12-15).
    def focus_due():
        row = next((r for r in run.finds(".task") if "buy stamps" in r.text), None)
        if row is None:
            return None
        due = row.find_element(By.CSS_SELECTOR, 'input[type="date"]')
        # Focused as a click on its first part would: typing starts with the month.
        run.driver.execute_script("arguments[0].focus()", due)
        return due if run.driver.switch_to.active_element == due else None
    # Once it has the focus, the list is not drawn again under it.
    due = run.wait(focus_due, "the due box of buy stamps has the focus")
    due.send_keys("12152026")
    due.send_keys(Keys.ENTER)
    run.wait(lambda: "📅 2026-12-15" in run.read("Inbox.md"), "the whole date is written")
    assert "📅 0" not in run.read("Inbox.md") and run.read("Inbox.md").count("📅") == 1, run.read("Inbox.md")
    run.find('#tasks-by button[data-by="category"]').click()
    run.wait(lambda: any(g.text.startswith("#errands") for g in run.finds(".task-group")), "grouped by category")
    run.shot("tasks-light")
    Select(run.find("#theme")).select_by_value("dark")
    run.driver.get(f"{run.base}?load=tasks-dark#/tasks")
    run.wait(lambda: run.finds(".task"), "the agenda in the dark theme")
    run.shot("tasks-dark")
    Select(run.find("#theme")).select_by_value("light")
    # Bulk: select two tasks with shift, delete them from their notes.
    # Selecting re-renders the list: each row is looked up again.
    for text in ["unblock Tom", "send the budget"]:
        row = run.wait(lambda: next((r for r in run.finds(".task") if text in r.text and "Standup" in r.text), None), text)
        row.find_element(By.CSS_SELECTOR, ".select").click()
    run.wait(lambda: run.find("#task-bulk-count").text == "2 selected", "two selected")
    run.wait(lambda: run.visible("#task-bulk"), "the bulk bar")
    run.find("#task-bulk-delete").click()
    run.wait(lambda: run.find("#dialog").is_displayed(), "asks first")
    run.find("#dialog-ok").click()
    # One write per task: the note may be read between the two.
    standup = "Work/Standup 2026-11-20.md"
    run.wait(lambda: "unblock Tom" not in run.read(standup) and "send the budget" not in run.read(standup),
             "the selected tasks are removed from their notes")
    assert "- [ ] send the budget" in run.read("Work/Projects/Roadmap.md"), "the same words in another note stay"


def a_new_note_opens_in_the_editor(run):
    # The ✎ button and `n` made the note and then showed it rendered: the user had to click
    # Edit every time.
    for start in ("button", "key"):
        run.open("#/folder/Work")
        if start == "button":
            run.find("#new-note").click()
        else:
            run.driver.find_element(By.TAG_NAME, "body").send_keys("n")
        editor = run.wait(lambda: run.visible(EDITOR), f"the new note opens in the editor ({start})")
        run.wait(lambda: run.driver.switch_to.active_element == editor, f"the caret is in the editor ({start})")
        editor.send_keys(f"typed right away ({start})\nand more")
        run.wait(lambda: any(f"typed right away ({start})" in open(os.path.join(root, name), encoding="utf-8").read()
                             for root, _, names in os.walk(run.path("Work")) for name in names if name.endswith(".md")),
                 f"what was typed is saved ({start})")
        run.wait(lambda: "note/Work" in run.driver.current_url, "the URL names the new note")
        run.wait(lambda: run.find("#save-status").text == "Saved", "the page says Saved")
        assert run.visible("#editor"), f"the editor stays open ({start})"
        run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)


def markdown_files(run, folder):
    return sorted(os.path.relpath(os.path.join(root, name), run.vault) for root, _, names in os.walk(run.path(folder))
                  for name in names if name.endswith(".md"))


def a_new_note_is_written_with_its_first_character(run):
    # A new note was written to disk before anything was typed: left empty, it went to the
    # trash as "Untitled" (or stayed for good when the tab closed). Clearing a note's text
    # saved a 0-byte file and said "Saved".
    run.open("#/folder/Personal")
    before, trash = markdown_files(run, "Personal"), markdown_files(run, ".trash")
    run.find("#new-note").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the new note opens in the editor")
    run.wait(lambda: run.driver.switch_to.active_element == editor, "the caret is in the editor")
    assert not run.visible("#delete") and not run.visible("#pin"), "nothing to delete or pin before there is a note"
    assert markdown_files(run, "Personal") == before, "nothing is written before the first character"
    # Left before anything was typed: no file, nothing in the trash.
    run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    run.wait(lambda: not run.visible("#editor"), "the empty new note is left")
    assert markdown_files(run, "Personal") == before and markdown_files(run, ".trash") == trash, "an empty new note leaves no file"
    # Issue 52: a title typed with a pause was saved as `Meeting.md`, then renamed (a rename
    # the user never asked for, in the history). The first line names the file once it is
    # finished: a pause in it writes nothing.
    run.driver.execute_script("localStorage.setItem('vault.autosaveMs', '200')")
    try:
        run.find("#new-note").click()
        editor = run.wait(lambda: run.visible(EDITOR), "a new note again")
        records = history_records(run)
        editor.send_keys("Trial")
        time.sleep(0.6)  # a pause longer than the autosave's; not an assertion
        assert markdown_files(run, "Personal") == before, "half a title names no file"
        editor.send_keys(" note")
        editor.send_keys(Keys.ENTER)
        editor.send_keys("The body.")
        run.wait(lambda: os.path.exists(run.path("Personal/Trial note.md")), "the note is created once its first line is finished")
        run.wait(lambda: run.find("#save-status").text == "Saved", "the page says Saved")
        assert run.read("Personal/Trial note.md").rstrip("\n").endswith("Trial note\nThe body."), run.read("Personal/Trial note.md")
        assert markdown_files(run, "Personal") == sorted(before + ["Personal/Trial note.md"]), markdown_files(run, "Personal")
        assert history_records(run) == records, "no rename in the history"
        run.wait(lambda: "note/Personal%2FTrial%20note.md" in run.driver.current_url, "the URL names the new note")
        # The editor shows the file as written, its front matter too; typing goes on where it was.
        run.wait(lambda: run.editor_holds("Personal/Trial note.md"), "the editor holds the file")
        editor.send_keys(", continued")
        run.wait(lambda: "The body., continued" in run.read("Personal/Trial note.md"), "typing goes on in the same note")
        run.wait(lambda: run.find("#save-status").text == "Saved", "saved again")
        # Emptied: a note this editor made goes when it is left (issue 52: a note typed "x",
        # saved and emptied stayed as x.md).
        editor.send_keys(Keys.CONTROL, "a")
        editor.send_keys(Keys.DELETE)
        run.wait(lambda: "Empty" in run.find("#save-status").text, "the page says the emptied note goes")
        assert "Trial note" in run.read("Personal/Trial note.md"), "the file keeps its text until the note is left"
        run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        run.wait(lambda: not os.path.exists(run.path("Personal/Trial note.md")), "the emptied new note is removed when left")
        assert markdown_files(run, "Personal") == before, markdown_files(run, "Personal")
        # An existing note emptied is refused as `vault new` refuses an empty note, the file as it was.
        run.open("#/note/Personal%2FTrip%20plan.md" if os.path.exists(run.path("Personal/Trip plan.md")) else "#/note/Ideas.md")
        run.wait(lambda: run.visible("#toggle-edit"), "a note is shown")
        shown = json.loads(urllib.request.urlopen(run.base + "api/notes/Ideas.md").read())["path"]
        run.open("#/note/Ideas.md")
        run.wait(lambda: run.visible("#toggle-edit"), "Ideas is shown")
        saved = run.read(shown)
        run.find("#toggle-edit").click()
        editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
        editor.send_keys(Keys.CONTROL, "a")
        editor.send_keys(Keys.DELETE)
        notice = run.wait(lambda: run.visible("#save-notice"), "an emptied note is not saved, and the page says so")
        assert "empty note is not kept" in notice.text, notice.text
        assert run.find("#save-status").text == "Not saved", run.find("#save-status").text
        assert run.read(shown) == saved, "the file keeps its text"
        run.shot("light-empty-note")
        run.driver.execute_script("location.reload()")
    finally:
        run.driver.execute_script("localStorage.removeItem('vault.autosaveMs')")


def broken_front_matter_is_shown_as_text(run):
    # A note whose front matter does not parse rendered as a giant heading (the block read
    # as Markdown) with no word of the problem; pinning it showed the raw parser error.
    before = run.read("Broken Front Matter.md")
    run.open()
    run.open_note("Broken")
    problem = run.wait(lambda: run.visible("#note-problem"), "the note's problem is shown")
    # Worded as `vault check` words it.
    assert "Broken Front Matter.md:4:7: error: did not find expected ',' or ']'" in problem.text, problem.text
    text = run.find("#note-body pre.note-text")
    assert "tags: [work, unclosed" in text.text and "# Broken front matter" in text.text, text.text
    assert not run.finds("#note-body h1, #note-body h2"), "the text is shown as text"
    run.find("#pin").click()
    toast = run.wait(lambda: run.visible("#toast"), "pinning it is refused")
    assert "does not parse" in toast.text and "Not changed" in toast.text, toast.text
    assert run.read("Broken Front Matter.md") == before
    run.shot("light-broken-front-matter")


def a_malformed_query_shows_only_its_error(run):
    # A malformed query showed its error above the last query's notes and label, which read
    # as its answer.
    run.open("#/folder/Work")
    run.wait(lambda: "folder:Work" in run.find("#scope").text, "the list shows Work")
    box = run.find("#search")
    box.send_keys("tag:(work")
    run.wait(lambda: run.visible("#query-error"), "a malformed query shows its error")
    run.wait(lambda: not run.finds(".note-row") and not run.find("#scope").text, "and no notes under any label")
    box.clear()
    box.send_keys("tag:meeting")
    run.wait(lambda: not run.visible("#query-error") and "tag:meeting" in run.find("#scope").text and run.finds(".note-row"), "a good query lists again")


def tag_menu(run, tag):
    row = run.wait(lambda: next((b for b in run.finds("#tags .row") if b.find_element(By.CSS_SELECTOR, ".name").text == tag), None), f"#{tag} in the sidebar")
    ActionChains(run.driver).context_click(row).perform()
    return run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text == f"Tag #{tag}", f"the menu of #{tag}")


def answer(run, title_start):
    run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text.startswith(title_start), f"asks '{title_start}'")
    run.find("#dialog-ok").click()


def renamed_tags_and_splits_follow(run):
    # A rename of the tag the list shows left it on `tag:old · 0 notes`; Split was offered
    # on a merge already split.
    run.open("#/tag/fiction")
    run.wait(lambda: "tag:fiction · 1 note" in run.find("#scope").text, "the list shows #fiction")
    tag_menu(run, "fiction")
    field = run.find("#dialog-body input")
    field.clear()
    field.send_keys("novels")
    run.find("#dialog-ok").click()
    answer(run, "Rename #fiction to #novels?")
    run.wait(lambda: "tag:novels · 1 note" in run.find("#scope").text and "#/tag/novels" in run.driver.current_url, "the list follows the rename")
    # Renamed onto a tag that exists: merged, and the list follows again.
    tag_menu(run, "novels")
    field = run.find("#dialog-body input")
    field.clear()
    field.send_keys("pkm")
    run.find("#dialog-ok").click()
    answer(run, "Merge #novels into #pkm?")
    run.wait(lambda: "tag:pkm · 2 notes" in run.find("#scope").text, "the list follows the merge")
    def history_row():
        run.find("#tag-history").click()
        return run.wait(lambda: next((li for li in run.finds("#dialog-body li") if "merge novels → pkm" in li.text), None), "the merge in the history")
    history_row().find_element(By.TAG_NAME, "button").click()
    run.wait(lambda: not run.find("#dialog").is_displayed(), "split")
    run.wait(lambda: any(b.text.startswith("novels") for b in run.finds("#tags .row")), "#novels is back")
    row = history_row()
    assert not row.find_elements(By.TAG_NAME, "button"), "a merge already split offers no Split"
    assert "1 note" in row.text and "1 notes" not in row.text, row.text
    run.shot("light-tag-history")
    run.find("#dialog-cancel").click()


def links_open_in_the_app(run):
    # A Markdown link to a note left the app for a raw {"error":"Not Found"} page; a link to
    # an attachment pointed to a URL that answered 404; a footnote reference changed the URL
    # to #fn-a, which the page read as a route to All Notes.
    os.makedirs(run.path("attachments"), exist_ok=True)
    with open(run.path("attachments/report.pdf"), "wb") as handle:
        handle.write(b"%PDF-1.4\n% a report\n")
    with open(run.path("Link test.md"), "w") as handle:
        handle.write("# Link test\n\nThe [roadmap](Work/Projects/Roadmap.md) and the [report](attachments/report.pdf).[^a]\n\n"
                     + "Filler line.\n\n" * 60 + "[^a]: Written on the train.\n")
    with open(run.path("Work/Meetings/Relative links.md"), "w") as handle:
        handle.write("# Relative links\n\nThe [plan](../Projects/Roadmap.md), and [[./1-1 with Dana]].\n")
    run.open("#/note/Link%20test.md")
    run.wait(lambda: run.visible("#note-body") and "Link test" in run.find("#note-body").text, "the note with links")
    # A footnote scrolls within the note; the URL still names the note.
    url = run.driver.current_url
    run.find('#note-body a[href="#fn-a"]').click()
    run.wait(lambda: run.driver.execute_script(
        "const r = document.getElementById('fn-a').getBoundingClientRect(), n = document.getElementById('note').getBoundingClientRect();"
        "return r.top >= n.top && r.bottom <= n.bottom"), "the footnote is scrolled into view")
    assert run.driver.current_url == url, run.driver.current_url
    assert run.visible("#note-body") and "Link test" in run.find("#note-body").text
    # The attachment's link is where the server serves it.
    report = run.find("#note-body").find_element(By.LINK_TEXT, "report").get_attribute("href")
    assert report == run.base + "files/attachments/report.pdf", report
    assert urllib.request.urlopen(report).read().startswith(b"%PDF"), "the attachment is served"
    # A note's link opens the note in the app, and Back returns.
    run.find("#note-body").find_element(By.LINK_TEXT, "roadmap").click()
    run.wait(lambda: run.finds("#note-body h1") and run.find("#note-body h1").text == "Roadmap", "the linked note opens in the app")
    assert "#/note/Work%2FProjects%2FRoadmap.md" in run.driver.current_url, run.driver.current_url
    run.driver.back()
    run.wait(lambda: run.finds("#note-body h1") and run.find("#note-body h1").text == "Link test", "Back shows the note with the link")
    # Relative paths, a Markdown link's and a wiki link's, from the note's folder.
    run.open("#/note/Work%2FMeetings%2FRelative%20links.md")
    run.wait(lambda: run.finds("#note-body h1") and run.find("#note-body h1").text == "Relative links", "the note with relative links")
    run.find("#note-body").find_element(By.LINK_TEXT, "./1-1 with Dana").click()
    run.wait(lambda: "Work%2FMeetings%2F1-1%20with%20Dana.md" in run.driver.current_url and "Dana" in run.find("#note-body").text, "a relative wiki link opens its note")
    run.driver.back()
    run.wait(lambda: run.finds("#note-body h1") and run.find("#note-body h1").text == "Relative links", "back")
    run.find("#note-body").find_element(By.LINK_TEXT, "plan").click()
    run.wait(lambda: run.finds("#note-body h1") and run.find("#note-body h1").text == "Roadmap", "a relative Markdown link opens its note")


PHONE_SIZES = [(390, 844), (320, 640), (820, 1000)]


def fits_the_window(run, page, controls):
    """What scrolls sideways (the page or a pane) or is off screen: a list of problems,
    so that one run names every page that does not fit."""
    width = run.driver.execute_script("return innerWidth")
    wide = run.driver.execute_script("""
        const wide = [];
        if (document.documentElement.scrollWidth > innerWidth) wide.push(`the page: ${document.documentElement.scrollWidth}px`);
        for (const element of document.querySelectorAll('#list, #note, #tasks-list, #trash-view, .pane-header, #builder, .task-add'))
            if (element.offsetParent && element.scrollWidth > element.clientWidth + 1) wide.push(`${element.id || element.className}: ${element.scrollWidth}px`);
        return wide;""")
    problems = [f"{page} scrolls sideways at {width}px: {wide}"] if wide else []
    for selector in controls:
        try:
            element = run.wait(lambda: run.visible(selector), f"{selector} is shown on {page} at {width}px")
        except TimeoutException as error:
            problems.append(error.msg)
            continue
        box = run.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, innerWidth]", element)
        if box[0] < 0 or box[1] > box[2]:
            problems.append(f"{selector} on {page} at {width}px is off screen: {box}")
    return problems


def a_phone_reaches_every_action(run):
    # At 390 px the list pane was 728 px wide (a query error's line widened it) and the
    # tasks pane 570: the search box, the builder and the new-note button were off screen,
    # the Add button and Open/Doing/Done cut off, and a note with a long unbroken line
    # pushed ★, the folder picker and Delete away. Nothing could be attached without drag
    # and drop.
    with open(run.path("Long line.md"), "w") as handle:
        handle.write("# Long line\n\n" + "x" * 300 + "\n\nhttps://example.com/" + "segment/" * 40 + "\n")
    problems = []
    try:
        for size in PHONE_SIZES:
            run.driver.set_window_size(*size)
            run.open("#/folder/Work")
            problems += fits_the_window(run, "the list", ["#back-to-sidebar", "#search", "#builder-toggle", "#select-mode", "#new-note"])
            run.find("#select-mode").click()
            problems += fits_the_window(run, "select mode", ["#note-bulk-all", "#note-bulk-move", "#note-bulk-tag", "#note-bulk-property", "#note-bulk-pin", "#note-bulk-unpin", "#note-bulk-delete", "#note-bulk-done"])
            run.shot(f"phone-{size[0]}-select")
            run.find("#note-bulk-done").click()
            run.find("#builder-toggle").click()
            problems += fits_the_window(run, "the query builder", ["#builder .builder-head select", ".builder-term select", ".builder-term input[aria-label=Value]",
                                                                   ".builder-term button", ".builder-actions button"])
            run.find("#search").send_keys("(tag:work AND folder:Work AND NOT is:pinned) OR (title:roadmap AND created:>=2026-01-01")
            run.wait(lambda: run.visible("#query-error"), "the query's error")
            problems += fits_the_window(run, "a query's error", ["#search", "#new-note"])
            if run.visible("#back-to-sidebar"):
                run.find("#back-to-sidebar").click()
            problems += fits_the_window(run, "the sidebar", ["#tasks-row", "#trash-row", "#theme"])
            run.driver.get(f"{run.base}?load=phone-tasks-{size[0]}#/tasks")
            run.wait(lambda: run.finds(".task"), "the agenda")
            problems += fits_the_window(run, "the tasks", ["#tasks-back", "#task-add-text", "#task-add button[type=submit]", "#task-add-priority"]
                                        + [f'#tasks-show button[data-show="{show}"]' for show in ("open", "doing", "done")]
                                        + [f'#tasks-by button[data-by="{by}"]' for by in ("due", "priority", "category")])
            run.shot(f"phone-{size[0]}-tasks")
            run.open("#/note/Long%20line.md")
            run.wait(lambda: run.visible("#note-body") and "xxxx" in run.find("#note-body").text, "the long note opens")
            problems += fits_the_window(run, "the note", ["#back-to-list", "#toggle-edit", "#rename", "#pin", "#move", "#duplicate", "#delete"])
            run.shot(f"phone-{size[0]}-note")
            run.find("#toggle-edit").click()
            problems += fits_the_window(run, "the editor", ["#editor", "#toggle-edit"])
            run.find("#toggle-edit").click()
        assert not problems, "\n".join(problems)
        run.driver.set_window_size(390, 844)
        # Attach from a button, as a phone can: it opens the file picker.
        run.open("#/note/Long%20line.md")
        attach = run.wait(lambda: run.visible("#attach"), "the note has Attach")
        assert not fits_the_window(run, "the note", ["#attach"])
        run.driver.execute_script("document.getElementById('attach-input').addEventListener('click', (event) => { window.__picker = true; event.preventDefault(); }, { once: true })")
        attach.click()
        run.wait(lambda: run.driver.execute_script("return window.__picker === true"), "Attach opens the file picker")
        picked = os.path.join(os.path.dirname(run.vault), "receipt.txt")
        with open(picked, "w") as handle:
            handle.write("a receipt\n")
        run.find("#attach-input").send_keys(picked)
        run.wait(lambda: os.path.exists(run.path("attachments/receipt.txt")), "the picked file is attached")
        run.wait(lambda: "[[receipt.txt]]" in run.read("Long line.md") and run.finds("#note-body a.attachment"), "and linked from the note")
        # Delete from a phone, and the trash.
        run.find("#delete").click()
        run.wait(lambda: os.path.exists(run.path(".trash/Long line.md")), "Delete works on a phone")
        run.driver.get(f"{run.base}?load=phone-trash#/trash")
        run.wait(lambda: any("Long line" in li.text for li in run.finds("#trash-list li")), "the trash lists it")
        assert not fits_the_window(run, "the trash", ["#empty-trash", "#trash-list li button"])
        run.shot("phone-trash")
    finally:
        run.driver.set_window_size(1280, 800)


def drop_an_image_on_a_note(run):
    run.open()
    run.open_note("Phone numbers")
    # What a file dragged from the desktop delivers: a drop event carrying a File.
    run.driver.execute_script("""
        const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'x-ray.png', { type: 'image/png' }));
        document.getElementById('note').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    """, "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
    image = run.wait(lambda: run.visible("#note-body img.embed"), "the dropped image shows in the note")
    run.wait(lambda: run.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 1, "the image loads")
    assert os.path.exists(run.path("attachments/x-ray.png"))
    assert run.read("Phone numbers.md").endswith("![[x-ray.png]]\n")
    run.shot("light-attachment")
    # Issue 52: dropped while editing, the link went to the end of the note, not where the
    # caret was. It is typed at the caret, on a line of its own, and saved as any edit.
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    editor.send_keys(Keys.CONTROL, Keys.HOME)
    editor.send_keys(Keys.END)
    run.driver.execute_script("""
        const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'scan.png', { type: 'image/png' }));
        document.getElementById('note').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    """, "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
    run.wait(lambda: "![[scan.png]]" in run.read("Phone numbers.md"), "the link is saved")
    lines = split_front_matter(run.read("Phone numbers.md"))[1].split("\n")
    assert lines[1] == "![[scan.png]]", lines[:3]
    assert run.read("Phone numbers.md").endswith("![[x-ray.png]]\n"), "nothing added at the end"
    run.find("#toggle-edit").click()


def history_records(run):
    # The records themselves: not the temporary file an atomic write leaves for a moment.
    history = run.path(".vault/history")
    return len([n for n in os.listdir(history) if n.endswith(".yaml") and not n.startswith(".")]) if os.path.isdir(history) else 0


def the_file_follows_the_title(run):
    # Issue 52: fixing a typo renamed the file and rewrote every link to it as soon as the
    # caret left the title's line, with no way back. The file follows the title once, when
    # the editor is left, as one recorded rename, and a toast offers to undo it; a note
    # named otherwise, or whose first line is a paragraph that did not name it, keeps its name.
    with open(run.path("Personal/Trip plan.md"), "w") as handle:
        handle.write("# Trip plan\n\nDraft.\n")
    with open(run.path("Personal/Trips.md"), "w") as handle:
        handle.write("# Trips\n\nSee [[Trip plan]].\n")
    run.driver.set_window_size(1440, 900)
    run.open()
    run.driver.execute_script("localStorage.setItem('vault.autosaveMs', '100')")
    try:
        run.open("#/note/Personal%2FTrip%20plan.md")
        run.wait(lambda: run.visible("#note-body") and run.find("#note-body h1").text == "Trip plan", "the note is shown")
        records = history_records(run)
        run.find("#toggle-edit").click()
        editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
        editor.send_keys(Keys.CONTROL, Keys.HOME)
        editor.send_keys(Keys.SHIFT, Keys.END)
        editor.send_keys("# Lisbon trip")
        run.wait(lambda: run.read("Personal/Trip plan.md").startswith("# Lisbon trip\n"), "the new heading is saved")
        editor.send_keys(Keys.CONTROL, Keys.END)
        words = ["Book", "the", "flights."]
        for word in words:
            ActionChains(run.driver).send_keys(word + " ").perform()
            time.sleep(0.15)  # typing pace, across autosaves; not an assertion
        run.wait(lambda: " ".join(words) in run.read("Personal/Trip plan.md"), "every word is saved")
        run.wait(lambda: run.find("#save-status").text == "Saved", "saved")
        # The caret left the title long ago, saves came and went: still the same file.
        assert os.path.exists(run.path("Personal/Trip plan.md")) and not os.path.exists(run.path("Personal/Lisbon trip.md"))
        assert history_records(run) == records, "nothing recorded while editing"
        run.find("#toggle-edit").click()
        run.wait(lambda: os.path.exists(run.path("Personal/Lisbon trip.md")), "the file follows the title when the editor is left")
        assert not os.path.exists(run.path("Personal/Trip plan.md")), "the old file is gone"
        assert "[[Lisbon trip]]" in run.read("Personal/Trips.md"), run.read("Personal/Trips.md")
        # Waited for: the record is finished after the files it records have moved.
        run.wait(lambda: history_records(run) == records + 1, "one recorded rename")
        toast = run.wait(lambda: run.visible("#toast"), "a toast says the file was renamed")
        assert "Renamed to Lisbon trip" in toast.text, toast.text
        run.wait(lambda: "note/Personal%2FLisbon%20trip.md" in run.driver.current_url, "the URL names the renamed note")
        run.shot("light-renamed-toast")
        # On a phone too, the toast and its Undo are on the screen.
        run.driver.set_window_size(390, 844)
        box = run.driver.execute_script("const r = document.querySelector('#toast .toast-action').getBoundingClientRect(); return [r.left, r.right, r.bottom, innerWidth, innerHeight]")
        assert 0 <= box[0] and box[1] <= box[3] and box[2] <= box[4], box
        run.driver.set_window_size(1440, 900)
        toast.find_element(By.CSS_SELECTOR, ".toast-action").click()
        run.wait(lambda: os.path.exists(run.path("Personal/Trip plan.md")), "Undo takes the rename back")
        assert not os.path.exists(run.path("Personal/Lisbon trip.md"))
        assert "[[Trip plan]]" in run.read("Personal/Trips.md"), run.read("Personal/Trips.md")
        assert run.read("Personal/Trip plan.md").startswith("# Lisbon trip\n\nDraft.\nBook the flights."), "what was typed stays"
        run.wait(lambda: "note/Personal%2FTrip%20plan.md" in run.driver.current_url, "the URL follows the undo")
        # A paragraph first line that did not name the file: the file keeps its name.
        run.open("#/note/Quick%20thought.md")
        run.wait(lambda: run.visible("#toggle-edit"), "Quick thought is shown")
        run.find("#toggle-edit").click()
        editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
        editor.send_keys(Keys.CONTROL, Keys.HOME)
        editor.send_keys("Perhaps: ")
        run.wait(lambda: run.read("Quick thought.md").startswith("Perhaps: "), "the first line is saved")
        records = history_records(run)
        run.find("#toggle-edit").click()
        run.wait(lambda: not run.visible("#editor"), "the editor is left")
        time.sleep(0.3)  # a rename would come now; not an assertion
        assert os.path.exists(run.path("Quick thought.md")) and history_records(run) == records, "a paragraph keeps the file's name"
        # The Rename control renames from the note's header, as `vault rename`.
        run.open("#/note/Personal%2FTrip%20plan.md")
        run.wait(lambda: run.visible("#rename"), "the note is shown")
        run.driver.set_window_size(1280, 800)
        run.find("#rename").click()
        field = run.wait(lambda: run.visible("#dialog-body input"), "Rename asks for the title")
        field.clear()
        field.send_keys("Porto trip")
        run.find("#dialog-ok").click()
        run.wait(lambda: os.path.exists(run.path("Personal/Porto trip.md")), "Rename renames the file")
        run.wait(lambda: run.read("Personal/Porto trip.md").startswith("# Porto trip\n"), "the renamed file has the new title")
        assert "[[Porto trip]]" in run.read("Personal/Trips.md"), run.read("Personal/Trips.md")
        run.wait(lambda: "note/Personal%2FPorto%20trip.md" in run.driver.current_url, "the URL follows the rename")
    finally:
        run.driver.set_window_size(1280, 800)
        run.driver.execute_script("localStorage.removeItem('vault.autosaveMs')")


def tick_a_task_in_the_note(run):
    # The checkboxes of a rendered note were disabled: a task could be ticked only in Tasks.
    # Front matter above, a fenced checkbox that is not a task and a `[/]` task cmark does
    # not draw: the checkbox ticked is still the task on its line.
    text = ("---\ntags: [trip]\n---\n# Packing\n\n- [/] sort the bag\n- [ ] passport\n\n"
            "```\n- [ ] in a code block\n```\n\n- [ ] charger\n")
    with open(run.path("Packing.md"), "w") as handle:
        handle.write(text)
    run.open()
    run.open_note("Packing")
    boxes = run.wait(lambda: [box for box in run.finds("#note-body input[type=checkbox]") if box.is_enabled()] or None, "the tasks can be ticked")
    assert len(boxes) == 2, len(boxes)
    boxes[1].click()
    run.wait(lambda: "- [x] charger ✅ " in run.read("Packing.md"), "the task is done in its note, with its date")
    done = run.read("Packing.md")
    assert done.replace(done[done.index("- [x] charger"):], "- [ ] charger\n") == text, done
    run.wait(lambda: run.finds("#note-body input[data-task]:checked"), "the note shows it ticked")
    run.shot("light-ticked-task")
    # And back.
    run.find("#note-body input[data-task]:checked").click()
    run.wait(lambda: run.read("Packing.md") == text, "unticked: the note as it was")


def select_several_notes(run):
    # Notes could be moved, tagged, pinned or deleted only one at a time. Select mode picks
    # several (click, shift-click, All) and changes them at once, each action one operation
    # in the history, which Undo takes back whole.
    os.makedirs(run.path("Batch"), exist_ok=True)
    names = ["Alpha", "Beta", "Gamma"]
    texts = {}
    for name in names:
        texts[name] = f"# {name}\n\nA note of the batch.\n"
        with open(run.path(f"Batch/{name}.md"), "w") as handle:
            handle.write(texts[name])
    paths = [f"Batch/{name}.md" for name in names]

    def originals():
        return all(os.path.exists(run.path(path)) and run.read(path) == texts[name] for name, path in zip(names, paths))

    def undo():
        # The files change before the page has the answer that names the operation.
        run.wait(lambda: run.visible("#note-bulk-undo"), "Undo is offered").click()

    def dialog():
        run.wait(lambda: run.driver.execute_script("return document.getElementById('dialog').open"), "the page asks")

    def rows():
        return {row.find_element(By.CSS_SELECTOR, ".title").text.lstrip("★ "): row for row in run.finds("#list .note-row")}

    run.open("#/folder/Batch")
    run.wait(lambda: set(rows()) == set(names), "the batch is listed")
    run.find("#select-mode").click()
    run.wait(lambda: run.visible("#note-bulk"), "the select bar")
    ordered = [row for row in run.finds("#list .note-row")]
    ordered[0].click()
    ActionChains(run.driver).key_down(Keys.SHIFT).click(ordered[-1]).key_up(Keys.SHIFT).perform()
    run.wait(lambda: run.find("#note-bulk-count").text == "3 selected", "shift-click picks the range")
    assert not run.visible("#note") or "Alpha" not in run.find("#note-body").text, "a click in select mode opens nothing"
    run.shot("light-select-mode")
    records = history_records(run)
    run.find("#note-bulk-pin").click()
    run.wait(lambda: all("pinned: true" in run.read(path) for path in paths), "all three are pinned")
    run.wait(lambda: history_records(run) == records + 1, "one operation for the three")
    undo()
    run.wait(originals, "Undo unpins the three")
    # All, then tags.
    run.find("#note-bulk-all").click()
    run.wait(lambda: run.find("#note-bulk-count").text == "3 selected", "All picks every note of the list")
    run.find("#note-bulk-tag").click()
    dialog()
    run.find("#dialog-body input").send_keys("batch")
    run.find("#dialog-ok").click()
    run.wait(lambda: all("batch" in run.read(path) for path in paths), "all three are tagged")
    undo()
    run.wait(originals, "Undo untags the three")
    # Move, and back.
    run.find("#note-bulk-all").click()
    run.wait(lambda: run.find("#note-bulk-count").text == "3 selected", "All again")
    run.find("#note-bulk-move").click()
    dialog()
    Select(run.find("#dialog-body select")).select_by_visible_text("Reading")
    run.find("#dialog-ok").click()
    run.wait(lambda: all(os.path.exists(run.path(f"Reading/{name}.md")) for name in names), "all three are moved")
    undo()
    run.wait(originals, "Undo moves them back")
    # Delete, after asking, and back.
    run.find("#note-bulk-all").click()
    run.wait(lambda: run.find("#note-bulk-count").text == "3 selected", "All once more")
    run.find("#note-bulk-delete").click()
    dialog()
    run.find("#dialog-ok").click()
    run.wait(lambda: not any(os.path.exists(run.path(path)) for path in paths), "all three go to the trash")
    undo()
    run.wait(originals, "Undo restores the three")
    run.find("#note-bulk-done").click()
    run.wait(lambda: not run.visible("#note-bulk"), "Done leaves select mode")


THEME_COLORS = ["gray", "blue", "orange", "yellow", "green", "indigo"]


def contrast(run):
    """The lowest contrast ratio of the page's text pairs: text on the pane and on the
    selection, muted text on the pane, a primary button's text on its colour."""
    return run.driver.execute_script("""
        const rgb = (colour) => colour.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; }); return .2126 * r + .7152 * g + .0722 * b; };
        const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + .05) / (y + .05); };
        const probe = document.createElement('div');
        document.body.append(probe);
        const value = (name) => { probe.style.color = `var(${name})`; return getComputedStyle(probe).color; };
        const pairs = [['--text', '--pane'], ['--text', '--selected'], ['--text', '--sidebar'], ['--muted', '--pane'], ['--muted', '--selected'], ['--on-accent', '--accent']];
        const lowest = Math.min(...pairs.map(([a, b]) => ratio(value(a), value(b))));
        probe.remove();
        return lowest;""")


def colour_themes(run):
    # One theme, light or dark: the six colours of DESIGN 11, each light and dark, plus
    # System, chosen in the page and remembered for this vault.
    run.driver.set_window_size(1440, 900)
    try:
        run.open("#/folder/Work")
        run.open_note("Roadmap")
        accents = set()
        for color in THEME_COLORS:
            for mode in ("light", "dark"):
                Select(run.find("#theme-color")).select_by_value(color)
                Select(run.find("#theme")).select_by_value(mode)
                run.wait(lambda: run.driver.execute_script("return [document.documentElement.dataset.color, document.documentElement.dataset.theme]") == [color, mode], f"{color} {mode}")
                accents.add(run.driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--accent')"))
                lowest = contrast(run)
                assert lowest >= 4.5, f"{color} {mode}: a text pair has a contrast of {lowest:.2f}"
                run.shot(f"theme-{color}-{mode}")
        assert len(accents) == 12, accents
        # Remembered across a reload, under this vault's key.
        Select(run.find("#theme-color")).select_by_value("blue")
        Select(run.find("#theme")).select_by_value("dark")
        run.driver.refresh()
        run.wait(lambda: run.finds(".note-row"), "the page reloads")
        assert run.driver.execute_script("return [document.documentElement.dataset.color, document.documentElement.dataset.theme]") == ["blue", "dark"]
        keys = run.driver.execute_script("return Object.keys(localStorage).filter((key) => key.startsWith('vault.theme.'))")
        key = run.driver.execute_script("return 'vault.theme.' + document.querySelector('meta[name=vault-key]').content")
        assert keys == [key], (keys, key)
        run.driver.set_window_size(390, 844)
        problems = []
        for color in ("indigo", "orange"):
            for mode in ("light", "dark"):
                run.driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify({color: arguments[1], mode: arguments[2]}))", key, color, mode)
                run.open("#/folder/Work")
                run.shot(f"phone-theme-{color}-{mode}-list")
                run.find("#back-to-sidebar").click()
                problems += fits_the_window(run, f"the sidebar ({color} {mode})", ["#theme-color", "#theme"])
                run.shot(f"phone-theme-{color}-{mode}-sidebar")
                run.open("#/folder/Work")
                run.open_note("Roadmap")
                run.shot(f"phone-theme-{color}-{mode}-note")
        assert not problems, "\n".join(problems)
        run.driver.set_window_size(1440, 900)
        run.driver.get(f"{run.base}?load=theme-tasks#/tasks")
        run.wait(lambda: run.finds(".task"), "the agenda")
        run.shot("theme-orange-dark-tasks")
    finally:
        run.driver.set_window_size(1280, 800)
        # Yellow and light, as the other journeys expect.
        Select(run.find("#theme-color")).select_by_value("yellow")
        Select(run.find("#theme")).select_by_value("light")


def a_share_becomes_a_note_or_a_task(run):
    # The installed app's share target: the page opened at /share asks, then saves.
    manifest = json.loads(urllib.request.urlopen(run.base + "manifest.webmanifest", timeout=5).read())
    assert manifest["share_target"]["action"] == "/share", manifest
    query = urllib.parse.urlencode({"title": "Shared page", "text": "Worth a read", "url": "https://example.org/shared"})
    run.driver.get(f"{run.base}share?{query}")
    run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text == "Save what was shared", "asks what to make of it")
    assert "https://example.org/shared" in run.find("#dialog-body").text
    assert not os.path.exists(run.path("Shared page.md")), "nothing is written before the answer"
    run.shot("share-target")
    run.find("#dialog-ok").click()
    run.wait(lambda: run.visible("#note") and "Shared page" in run.find("#note-body").text, "the new note is shown")
    assert run.driver.execute_script("return location.pathname") == "/", "the address is the page's again"
    text = run.read("Shared page.md")
    assert text.endswith("\n# Shared page\n\nWorth a read\n\nhttps://example.org/shared\n"), text
    # As a task: it goes to the inbox, one line.
    run.driver.get(f"{run.base}share?" + urllib.parse.urlencode({"text": "Call the bank\nabout the card"}))
    run.wait(lambda: run.find("#dialog").is_displayed(), "asks again")
    Select(run.find("#dialog-body select")).select_by_visible_text("Task")
    run.find("#dialog-ok").click()
    run.wait(lambda: run.visible("#tasks-pane") and "Call the bank" in run.find("#tasks-pane").text, "the task is listed")
    assert "- [ ] Call the bank ➕ " in run.read("Inbox.md"), run.read("Inbox.md")


def build_any_query(run):
    # The builder was four fixed fields that could only AND them: no OR, NOT, groups, or
    # the other fields; and what was typed in the search box never showed in it.
    run.open()
    run.find("#builder-toggle").click()
    run.wait(lambda: run.visible(".builder-term select"), "the builder shows a condition")

    def rows():
        return run.finds("#builder-tree .builder-term")

    def set_row(row, field, value, negate=False):
        Select(row.find_element(By.CSS_SELECTOR, "select")).select_by_value(field)
        box = row.find_element(By.CSS_SELECTOR, "input[aria-label=Value]")
        box.clear()
        box.send_keys(value)
        if negate:
            row.find_element(By.CSS_SELECTOR, ".builder-not input").click()

    set_row(rows()[0], "tag", "work")
    run.wait(lambda: run.find("#search").get_attribute("value") == "tag:work", "the text follows the builder")
    next(b for b in run.finds(".builder-actions button") if b.text == "+ group").click()
    inner = run.wait(lambda: run.finds("#builder-tree .builder-group .builder-group"), "a nested group")[0]
    Select(inner.find_element(By.CSS_SELECTOR, ".builder-head select")).select_by_value("any")
    set_row(inner.find_element(By.CSS_SELECTOR, ".builder-term"), "tag", "personal")
    next(b for b in inner.find_elements(By.CSS_SELECTOR, ".builder-actions button") if b.text == "+ condition").click()
    set_row(run.finds("#builder-tree .builder-group .builder-group .builder-term")[1], "is", "pinned", negate=True)
    wanted = "tag:work AND (tag:personal OR NOT is:pinned)"
    run.wait(lambda: run.find("#search").get_attribute("value") == wanted, f"the search box says {wanted}")
    answer = json.loads(urllib.request.urlopen(run.base + "api/notes?limit=1&q=" + urllib.parse.quote(wanted), timeout=5).read())
    run.wait(lambda: f"{answer['total']} note" in run.find("#list-pane").text, f"the list shows the {answer['total']} notes of the query")
    run.shot("query-builder")
    # And the other way: text typed in the search box shows as groups and rows.
    search = run.find("#search")
    search.clear()
    search.send_keys('(#travel OR title:"road map") -is:pinned')
    def shown():
        fields = [Select(row.find_element(By.CSS_SELECTOR, "select")).first_selected_option.get_attribute("value") for row in rows()]
        values = [row.find_element(By.CSS_SELECTOR, "input[aria-label=Value]").get_attribute("value") for row in rows()]
        negated = [row.find_element(By.CSS_SELECTOR, ".builder-not input").is_selected() for row in rows()]
        return fields, values, negated, len(run.finds("#builder-tree .builder-group .builder-group"))

    # Typing passes through queries that parse too (`-i` is NOT the word i): wait for the last.
    expected = (["tag", "title", "is"], ["travel", "road map", "pinned"], [False, False, True], 1)
    run.wait(lambda: shown() == expected, f"the typed query as a group and a row: {expected}")
    inner = run.find("#builder-tree .builder-group .builder-group")
    assert Select(inner.find_element(By.CSS_SELECTOR, ".builder-head select")).first_selected_option.get_attribute("value") == "any"
    # A property term, both ways.
    search.clear()
    search.send_keys("[status:>=2]")
    run.wait(lambda: shown()[:2] == (["[]"], ["status:>=2"]), "a property term as a row")
    set_row(rows()[0], "[]", "status:draft")
    run.wait(lambda: run.find("#search").get_attribute("value") == "[status:draft]", "the row writes [key:value]")
    search.clear()
    run.find("#builder-toggle").click()
def git(run, *arguments):
    identity = {"GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.com", "GIT_COMMITTER_NAME": "Ann",
                "GIT_COMMITTER_EMAIL": "ann@example.com", "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", *arguments], cwd=run.vault, check=True, capture_output=True, env={**os.environ, **identity})


def commit(run, message):
    git(run, "add", "-A")
    git(run, "commit", "-q", "-m", message)


def a_notes_history_and_recently_deleted(run):
    # The vault becomes a git repository with a note of three versions, and a note deleted
    # and purged from the trash (issue 38). Last of the journeys: the others see no git.
    versions = [
        b"---\nid: history-plans\ntags: [work]\n---\n# Launch plans\n\nShip the first version in May.\n",
        b"---\nid: history-plans\ntags: [work, q4]\n---\n# Launch plans\n\nShip the second version in May.\n",
        b"---\nid: history-plans\ntags: [work, q4]\n---\n# Launch plans\n\nShip the third version in June.\n",
    ]
    git(run, "init", "-q", "-b", "main")
    commit(run, "the example")
    for number, text in enumerate(versions):
        with open(run.path("Launch plans.md"), "wb") as handle:
            handle.write(text)
        commit(run, f"version {number + 1}")
    gone = b"# Old idea\n\nA thought that left the vault long ago.\n"
    with open(run.path("Old idea.md"), "wb") as handle:
        handle.write(gone)
    commit(run, "an idea")
    vault = [run.vault_bin, "--vault", run.vault]
    subprocess.run(vault + ["rm", "Old idea"], check=True, capture_output=True)
    commit(run, "deleted")
    subprocess.run(vault + ["trash", "empty", "--yes"], check=True, capture_output=True)
    commit(run, "purged")

    def on_disk(name):
        with open(run.path(name), "rb") as handle:
            return handle.read()

    run.open("#/note/" + urllib.parse.quote("Launch plans.md"))
    run.wait(lambda: run.visible("#note") and "third version" in run.find("#note-body").text, "the note is shown")
    run.find("#history-toggle").click()
    rows = run.wait(lambda: len(run.finds("#history-versions .version")) == 3 and run.finds("#history-versions .version"), "three versions")
    assert "created" in rows[2].text and "Ann" in rows[2].text, rows[2].text
    assert "tags" in rows[1].text and "text" in rows[1].text, rows[1].text
    # Two picked: the words that changed between them, and the tag added as a property.
    rows[2].find_element(By.CSS_SELECTOR, "input").click()
    rows[1].find_element(By.CSS_SELECTOR, "input").click()
    run.wait(lambda: [e.text for e in run.finds("#history-diff .diff-text del.removed")] == ["first"], "'first' marked removed")
    assert [e.text for e in run.finds("#history-diff .diff-text ins.added")] == ["second"]
    assert [e.text for e in run.finds("#history-diff .diff-properties ins.added")] == ["q4"]
    run.shot("history-diff")
    # One picked, against the note now; then restored, byte for byte, and undone.
    rows[1].find_element(By.CSS_SELECTOR, "input").click()
    run.wait(lambda: [e.text for e in run.finds("#history-diff .diff-text del.removed")] == ["first", "May."], "the oldest against now")
    run.find("#history-restore").click()
    run.wait(lambda: on_disk("Launch plans.md") == versions[0], "the oldest version is on disk, byte for byte")
    run.wait(lambda: "first version" in run.find("#note-body").text, "the note shows it")
    undo = run.wait(lambda: run.visible("#history-undo"), "Undo restore is offered")
    undo.click()
    run.wait(lambda: on_disk("Launch plans.md") == versions[2], "undo puts the last version back")

    # Recently deleted: the purged note, its last text, brought back.
    run.find("#deleted-row").click()
    item = run.wait(lambda: next((li for li in run.finds("#deleted-list li") if li.get_attribute("data-path") == "Old idea.md"), None), "the purged note is listed")
    assert "left the vault long ago" in item.find_element(By.CSS_SELECTOR, ".last-text").text
    run.shot("recently-deleted")
    item.find_element(By.CSS_SELECTOR, "button").click()
    run.wait(lambda: os.path.exists(run.path("Old idea.md")) and on_disk("Old idea.md") == gone, "restored byte for byte")
    run.wait(lambda: not any(li.get_attribute("data-path") == "Old idea.md" for li in run.finds("#deleted-list li")), "no longer listed")


def dates_say_which_day(run):
    # The list wrote 02/11/26, which a reader in the US takes for the 11th of February.
    run.open()
    dates = [element.text for element in run.finds(".note-row .date")]
    assert dates, "the list shows dates"
    numeric = [d for d in dates if re.fullmatch(r"[0-9/.\-]+", d)]
    assert not numeric, f"dates written only in numbers: {numeric[:5]}"
    older = [d for d in dates if re.search(r"[0-9]{4}", d)]
    assert older and all(re.search(r"[A-Za-z]", d) for d in older), f"an older date names its month and year: {dates[:8]}"
    # On one line: the longer date wrapped word by word in its column.
    heights = run.driver.execute_script("return [...document.querySelectorAll('.note-row .date')].map((e) => e.getClientRects().length)")
    assert all(h == 1 for h in heights), f"a date broken over lines: {heights[:8]}"


def the_editor_has_a_properties_panel(run):
    # The editor was a monospace text area over the whole file: `id:`, `created:`,
    # `modified:` and `sortDate:` in the middle of the text. Now the front matter is a
    # panel of properties (tags, pinned, folder, dates), each changed through the same
    # minimal edit as the command line, and raw YAML on request.
    note = "Work/Standup 2026-11-20.md"
    before = run.read(note)
    run.open("#/folder/Work")
    run.open_note("Standup notes")
    run.find("#toggle-edit").click()
    run.wait(lambda: run.visible(EDITOR), "the editor opens")
    panel = run.wait(lambda: run.visible("#properties"), "the properties panel is shown")
    chips = [chip.text.replace("×", "").strip() for chip in run.finds("#prop-tags .chip")]
    assert chips == ["#work", "#meeting"], chips
    assert run.find("#prop-pinned").is_selected(), "pinned"
    assert Select(run.find("#prop-folder")).first_selected_option.get_attribute("value") == "Work"
    assert run.find("#prop-created").get_attribute("datetime").startswith("2026-11-20"), run.find("#prop-created").get_attribute("datetime")
    for key in ("prop-created", "prop-modified", "prop-sortDate"):
        assert run.find(f"#{key}").text, f"{key} is shown"
    body = run.editor_body()
    assert body.startswith("# Standup notes\n"), body
    for key in ("id:", "created:", "modified:", "sortDate:", "tags:", "---"):
        assert not any(line.startswith(key) for line in body.splitlines()), f"{key} in the body editor"
    assert "id:" not in panel.text and "91de9638" not in panel.text
    run.shot("light-properties")
    # A tag added in the panel: that line and nothing else changes in the file.
    run.find("#prop-tag-input").send_keys("travel", Keys.ENTER)
    expected = before.replace("  - meeting\n", "  - meeting\n  - travel\n", 1)
    run.wait(lambda: run.read(note) == expected, "only the tag is added to the file")
    run.wait(lambda: [chip.text.replace("×", "").strip() for chip in run.finds("#prop-tags .chip")] == ["#work", "#meeting", "#travel"], "the panel shows it")
    # Removed again, and the pin: each its own line, the rest byte for byte.
    next(chip for chip in run.finds("#prop-tags .chip") if "#travel" in chip.text).find_element(By.TAG_NAME, "button").click()
    run.wait(lambda: run.read(note) == before, "the tag is removed, the file as it was")
    # Unpinning removes the key, as `vault unpin` does; pinned again, the line is back
    # (at the end of the front matter, where vault adds a key) and nothing else moved.
    run.find("#prop-pinned").click()
    run.wait(lambda: run.read(note) == before.replace("pinned: true\n", "", 1), "unpinned: only that line")
    run.wait(lambda: not run.find("#prop-pinned").is_selected(), "the panel shows it unpinned")
    run.find("#prop-pinned").click()
    run.wait(lambda: "pinned: true\n" in run.read(note), "pinned again")
    assert sorted(run.read(note).splitlines()) == sorted(before.splitlines()), run.read(note)
    run.wait(lambda: run.find("#prop-pinned").is_selected(), "the panel shows it pinned")
    before = run.read(note)
    # Raw: the whole front matter as YAML, every key as written; a key typed there is
    # saved as typed, the others untouched (and `modified`, as every save of new text).
    run.find("#raw-toggle").click()
    raw = run.wait(lambda: run.visible("#front-matter"), "Raw shows the front matter")
    assert raw.get_attribute("value") == split_front_matter(before)[0], raw.get_attribute("value")
    raw.send_keys(Keys.CONTROL, Keys.END)
    raw.send_keys("aliases: [daily standup]   # typed by hand")
    run.wait(lambda: "aliases: [daily standup]   # typed by hand\n---\n# Standup notes" in run.read(note), "the raw YAML is saved as typed")
    run.wait(lambda: run.find("#save-status").text == "Saved", "saved")
    diff = [line for line in difflib.ndiff(before.splitlines(), run.read(note).splitlines()) if line[:2] in ("- ", "+ ")]
    assert [line[:12] for line in diff] == ["- modified: ", "+ modified: ", "+ aliases: ["], diff
    run.wait(lambda: run.editor_holds(note), "the editor holds the file as saved")
    run.shot("light-properties-raw")
    run.find("#raw-toggle").click()
    run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)


def the_toolbar_inserts_markdown(run):
    # Formatting was typed by hand: the toolbar and the usual shortcuts insert Markdown at
    # the selection, and Markdown is styled as it is typed (a heading larger).
    note = "Groceries.md"
    run.open()
    run.open_note("Groceries")
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys(Keys.ENTER, "saffron")
    editor.send_keys(Keys.SHIFT, Keys.HOME)
    run.find(".editor-toolbar .format-bold").click()
    run.wait(lambda: run.read(note).rstrip("\n").endswith("\n**saffron**"), "Bold wraps the selection")
    editor.send_keys(Keys.END, Keys.ENTER, "buy eggs")
    run.find(".editor-toolbar .format-checklist").click()
    run.wait(lambda: run.read(note).rstrip("\n").endswith("\n- [ ] buy eggs"), "Checklist makes the line a task")
    editor.send_keys(Keys.END, Keys.ENTER, Keys.ENTER)
    editor.send_keys(Keys.CONTROL, "b")
    editor.send_keys("strong")
    run.wait(lambda: run.read(note).rstrip("\n").endswith("\n**strong**"), "Ctrl-B inserts bold, its placeholder typed over")
    # The list goes on: Enter after a task starts the next one.
    assert "- [ ] buy eggs\n\n" in run.read(note) or "- [ ] buy eggs\n" in run.read(note)
    editor.send_keys(Keys.END, Keys.ENTER, "soap")
    editor.send_keys(Keys.CONTROL, Keys.SHIFT, "8")
    run.wait(lambda: run.read(note).rstrip("\n").endswith("\n- soap"), "Ctrl-Shift-8 makes a bullet")
    # Styled as typed: the title line is a heading, larger than the text.
    sizes = run.driver.execute_script("""
        const size = (element) => parseFloat(getComputedStyle(element).fontSize);
        const heading = document.querySelector('#editor .cm-header-1');
        const strong = document.querySelector('#editor .cm-strong');
        return [heading ? size(heading) : 0, size(document.querySelector('#editor .CodeMirror-line')),
                heading ? heading.closest('.CodeMirror-line').textContent : '', strong ? getComputedStyle(strong).fontWeight : ''];""")
    assert sizes[0] > sizes[1] * 1.3 and "Groceries" in sizes[2], sizes
    assert int(sizes[3]) >= 700, sizes
    run.shot("light-editor")
    run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)


def the_editor_on_a_phone(run):
    # At 390×844 the editor, its toolbar and the properties panel fit the window; the
    # toolbar stays in reach.
    try:
        for mode in ("light", "dark"):
            run.driver.set_window_size(1440, 900)
            run.open()
            Select(run.find("#theme")).select_by_value(mode)
            run.open("#/folder/Work")
            run.open_note("Standup notes")
            run.find("#toggle-edit").click()
            run.wait(lambda: run.visible(EDITOR), "the editor opens")
            run.shot(f"desktop-editor-{mode}")
            run.driver.set_window_size(390, 844)
            run.wait(lambda: run.visible("#note"), "the note at 390 px")
            problems = fits_the_window(run, "the editor", ["#properties", "#prop-tag-input", "#raw-toggle"]
                                       + [f".editor-toolbar .format-{name}" for name in ("bold", "italic", "heading", "bullets", "checklist", "link", "code")])
            assert not problems, "\n".join(problems)
            assert run.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
            run.shot(f"phone-editor-{mode}")
            # Scrolled down the note, the toolbar stays at the top of the pane.
            run.driver.execute_script("document.getElementById('note').scrollTop = 10000")
            bold = run.find(".editor-toolbar .format-bold")
            top = run.driver.execute_script("return arguments[0].getBoundingClientRect().top", bold)
            assert 0 <= top < 844, top
            run.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    finally:
        run.driver.set_window_size(1280, 800)
        Select(run.find("#theme")).select_by_value("light")


def no_serious_accessibility_problems(run):
    # axe-core (axe-selenium-python) found unlabelled inputs (the search box, the task
    # checkboxes of a note, the tag field, the agenda's controls), pale chips (orange was
    # 3.4:1), properties whose dt/dd lost their list, and pale task marks in the editor.
    from axe_selenium_python import Axe
    problems = []

    def audit(page):
        axe = Axe(run.driver)
        axe.inject()
        for violation in axe.run()["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = [node["target"] for node in violation["nodes"]][:4]
                problems.append(f"{page}: {violation['id']} ({violation['impact']}): {violation['help']} {targets}")

    config = run.read(".vault/config.yaml")
    # Smart folders in the sidebar, one whose query no longer parses among them.
    with open(run.path(".vault/config.yaml"), "a") as handle:
        handle.write('searches:\n  Books: tag:reading/book\n  Broken: "@gone"\n')
    try:
        # Every control the keyboard reaches shows where it is.
        run.open()
        run.wait(lambda: len(run.finds("#searches li")) == 2, "the smart folders")
        body = run.find("body")
        body.click()
        unringed = []
        for _ in range(25):
            ActionChains(run.driver).send_keys(Keys.TAB).perform()
            ring = run.driver.execute_script("""
                const e = document.activeElement, s = getComputedStyle(e);
                return [e.id || e.className || e.tagName, s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1];""")
            if not ring[1] and ring[0] not in ("BODY", "HTML"):  # past the last control, the browser's own
                unringed.append(ring[0])
        assert not unringed, f"focused without a visible ring: {unringed}"
        for theme in ("light", "dark"):
            for size in ((1280, 800), (390, 844)):
                run.driver.set_window_size(*size)
                where = f"{theme} {size[0]}px"
                run.open()
                Select(run.find("#theme")).select_by_value(theme)
                audit(f"the list, {where}")
                run.open_note("Roadmap")
                audit(f"a note, {where}")
                run.find("#toggle-edit").click()
                run.wait(lambda: run.visible("#properties"), "the editor and its properties")
                audit(f"the editor, {where}")
                run.find("#toggle-edit").click()
                run.open()
                run.find("#builder-toggle").click()
                run.wait(lambda: run.visible(".builder-term select"), "the query builder")
                audit(f"the query builder, {where}")
                run.driver.get(f"{run.base}?load=axe-tasks#/tasks")
                run.wait(lambda: run.finds(".task"), "the agenda")
                audit(f"the tasks, {where}")
                run.driver.get(f"{run.base}?load=axe-trash#/trash")
                run.wait(lambda: run.visible("#trash-view"), "the trash")
                audit(f"the trash, {where}")
    finally:
        with open(run.path(".vault/config.yaml"), "w") as handle:
            handle.write(config)
        run.driver.set_window_size(1280, 800)
        run.open()
        Select(run.find("#theme")).select_by_value("light")
    assert not problems, "\n".join(problems)


def text_in_any_direction_and_quiet_scrollbars(run):
    # A paragraph in Arabic or Hebrew read left to right, and the panes' scrollbars were
    # the system's grey bars in every theme.
    with open(run.path("Mixed scripts.md"), "w") as handle:
        handle.write("# Mixed scripts\n\nمرحبا بالعالم، هذه فقرة.\n\nAn English paragraph.\n\n- שלום עולם\n")
    run.open("#/note/Mixed%20scripts.md")
    run.wait(lambda: run.visible("#note-body") and "English" in run.find("#note-body").text, "the note opens")
    directions = run.driver.execute_script(
        "return [...document.querySelectorAll('#note-body p, #note-body li')].map((e) => [e.getAttribute('dir'), getComputedStyle(e).direction])")
    assert all(d[0] == "auto" for d in directions), directions
    assert directions[0][1] == "rtl" and directions[1][1] == "ltr" and directions[2][1] == "rtl", directions
    colors = run.driver.execute_script("return ['list', 'note', 'sidebar'].map((id) => getComputedStyle(document.getElementById(id)).scrollbarColor)")
    assert all(c and c != "auto" for c in colors), colors


def controls_are_styled_and_line_up(run):
    # The note's meta line was centred over a left-aligned body, and its tags started 16 px
    # left of it; selects and date fields were the system's grey widgets in every theme;
    # a dialog kept a fixed minimum width whatever it held.
    def left(selector, box=False):
        # Where the element's text starts (or its box, for a row of chips).
        return run.driver.execute_script(
            "const e = document.querySelector(arguments[0]); const r = document.createRange(); r.selectNodeContents(e);"
            "return !arguments[1] && r.getClientRects().length ? r.getClientRects()[0].left : e.getBoundingClientRect().left", selector, box)
    for width, height in [(1440, 900), (390, 844)]:
        run.driver.set_window_size(width, height)
        try:
            run.open("#/note/Work/Projects/Roadmap.md")
            run.wait(lambda: run.visible("#note-body") and "Roadmap" in run.find("#note-body").text, "the note opens")
            body = left("#note-body > :first-child")
            for selector, box in [("#note-meta", False), ("#note-tags > :first-child", True)]:
                assert abs(left(selector, box) - body) <= 1, (width, selector, left(selector, box), body)
            run.find("#toggle-edit").click()
            run.wait(lambda: run.visible("#editor"), "the editor opens")
            text = left("#editor .CodeMirror-line > span")
            assert abs(left("#note-meta") - text) <= 2, (width, left("#note-meta"), text)
            run.find("#toggle-edit").click()
            run.wait(lambda: run.visible("#note-body"), "the note shows again")
            looks = run.driver.execute_script(
                "return [...document.querySelectorAll('select, input[type=date]')].filter((e) => e.offsetParent)"
                ".map((e) => [e.id || e.className, getComputedStyle(e).appearance, getComputedStyle(e).backgroundImage])")
            assert looks and all(a == "none" for _, a, _ in looks), looks
            assert all("gradient" in b for n, a, b in looks if n != "" and not n.startswith("prop")), looks
            run.find("#rename").click()
            box = run.wait(lambda: run.driver.execute_script(
                "const d = document.querySelector('dialog[open]'); if (!d) return null; const r = d.getBoundingClientRect();"
                "return [r.left, r.right, r.width, d.scrollWidth, d.clientWidth, innerWidth]"), "a dialog opens")
            run.driver.execute_script("document.querySelector('dialog[open]').close()")
            left_edge, right_edge, dialog_width, scroll_width, client_width, inner = box
            assert left_edge >= 0 and right_edge <= inner and scroll_width <= client_width, box
            assert dialog_width <= 480, box
        finally:
            run.driver.set_window_size(1280, 800)
def drag_task(run, text, heading):
    """Drags the task whose row says `text` onto the section `heading` as Chromium would:
    DragEvents sharing one DataTransfer (Selenium's ActionChains fire no HTML5 drag).
    Returns 'refused' when the section does not accept it (dragover not prevented)."""
    return run.driver.execute_script("""
        const [text, heading] = arguments;
        const row = [...document.querySelectorAll('.task')].find((r) => r.textContent.includes(text));
        const target = [...document.querySelectorAll('.task-group')].find((g) => g.dataset.group === heading);
        if (!row || !target) return `missing: ${row ? '' : 'row'} ${target ? '' : 'section'}`;
        const data = new DataTransfer();
        const event = (type, element) => {
            const e = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data });
            element.dispatchEvent(e);
            return e;
        };
        event('dragstart', row);
        if (!event('dragover', target).defaultPrevented) { event('dragend', row); return 'refused'; }
        event('drop', target);
        event('dragend', row);
        return 'dropped';""", text, heading)


def categories_for_tasks(run):
    # Issue 36 item 14: task categories had no manager (icons and colours only by editing
    # .vault/config.yaml), and a task's priority, category or due date changed only through
    # its own controls: no dragging it between the sections of the views.
    config = ".vault/config.yaml"
    note = "Parcel.md"
    with open(run.path(note), "w") as handle:
        handle.write("# Parcel\n\n- [ ] post the parcel #chores\n")
    before = run.read(config)
    run.driver.get(f"{run.base}?load=categories#/tasks")
    row_of = lambda text: next((r for r in run.finds(".task") if text in r.text), None)
    run.wait(lambda: row_of("post the parcel"), "the new task is listed")
    line = lambda: next(l for l in run.read(note).splitlines() if "post the parcel" in l)

    # The manager: add a category with an icon (an emoji chromedriver cannot type).
    run.find("#tasks-categories").click()
    run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text == "Task categories", "the manager opens")
    run.driver.execute_script("arguments[0].value = arguments[1]", run.find("#category-new-icon"), "🧹")
    run.find("#category-new-name").send_keys("chores")
    Select(run.find("#category-new-color")).select_by_value("green")
    run.find("#category-add").click()
    entry = '    chores: { icon: "🧹", color: green }\n'
    run.wait(lambda: entry in run.read(config), "the category is written with its icon and colour")
    assert run.read(config).replace(entry, "") == before, run.read(config)
    run.wait(lambda: run.finds('.category-row[data-name="chores"]'), "and listed")
    # Recolour.
    # The manager and the list are drawn again when an answer or a change on disk arrives:
    # each action finds its control again, and is tried again if it was drawn away.
    act = lambda action, message: run.wait(lambda: action() or True, message)
    act(lambda: Select(run.find('.category-row[data-name="chores"] .category-color')).select_by_value("teal"), "recolour")
    run.wait(lambda: 'chores: { icon: "🧹", color: teal }' in run.read(config), "recoloured")
    # A bad icon is refused, and nothing is written.
    written = run.read(config)
    # (Selenium's clear() fires a change: typed over instead.)
    def type_over(selector, text):
        field = run.find(selector)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text, Keys.TAB)
    act(lambda: type_over('.category-row[data-name="chores"] .category-icon', "ab"), "a bad icon typed")
    run.wait(lambda: "invalid icon 'ab'" in run.find("#toast").text, "a bad icon is refused with its reason")
    assert run.read(config) == written
    # Rename: the key, and the tag on the task's line.
    act(lambda: type_over('.category-row[data-name="chores"] .category-name', "housework"), "a new name typed")
    run.wait(lambda: 'housework: { icon: "🧹", color: teal }' in run.read(config) and "#housework" in line(), "renamed in the config and on the line")
    assert "#chores" not in run.read(note) and "chores" not in run.read(config)
    # Reorder: up, before the category above it.
    order = lambda: [r.get_attribute("data-name") for r in run.finds(".category-row")]
    names = run.wait(lambda: order() if "housework" in order() else None, "the renamed category is listed")
    above = names[names.index("housework") - 1]
    act(lambda: run.find('.category-row[data-name="housework"] .category-up').click(), "up")
    run.wait(lambda: run.read(config).index("housework:") < run.read(config).index(f"{above}:"), "moved up in the file")
    run.wait(lambda: order().index("housework") < order().index(above), "and in the manager")
    run.shot("categories-manager")
    # OK keeps what was changed (Cancel takes it back: categories_cancel_discards).
    run.find("#dialog-ok").click()

    # Drag between the sections of each view: one change of the line each.
    run.find('#tasks-by button[data-by="priority"]').click()
    run.wait(lambda: any(g.get_attribute("data-group") == "Normal" and g.is_displayed() for g in run.finds(".task-group")), "grouped by priority")
    assert drag_task(run, "post the parcel", "High") == "dropped"
    run.wait(lambda: "⏫" in line() and "#housework" in line(), "dropped on High: high priority")
    run.find('#tasks-by button[data-by="category"]').click()
    run.wait(lambda: any(g.get_attribute("data-group") == "#housework" and g.is_displayed() for g in run.finds(".task-group")), "grouped by category, with the new icon")
    assert drag_task(run, "post the parcel", "#travel") == "dropped"
    run.wait(lambda: "#travel" in line() and "#housework" not in line(), "dropped on #travel: the category changes")
    run.find('#tasks-by button[data-by="due"]').click()
    run.wait(lambda: any(g.get_attribute("data-group") == "No Due Date" and g.is_displayed() for g in run.finds(".task-group")), "grouped by due date")
    tomorrow = time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400))
    assert drag_task(run, "post the parcel", "Tomorrow") == "dropped"
    run.wait(lambda: f"📅 {tomorrow}" in line(), "dropped on Tomorrow: due tomorrow")
    run.wait(lambda: any("post the parcel" in r.text and r.get_attribute("data-group") == "Tomorrow" for r in run.finds(".task")), "shown under Tomorrow")
    written = run.read(note)
    assert drag_task(run, "post the parcel", "Overdue") == "refused"
    assert run.read(note) == written
    # A view with no task still says so: the empty sections' headings (drop targets,
    # hidden until a drag) are not tasks. Drawn from an empty agenda, as the page would.
    message = run.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all([import('/js/state.js'), import('/js/tasks.js')]).then(([{ state }, { renderTasks }]) => {
            const kept = state.tasks.data;
            state.tasks.data = { ...kept, count: 0, groups: [] };
            renderTasks();
            const text = [...document.querySelectorAll('#tasks-list .empty')].map((e) => e.textContent).join();
            state.tasks.data = kept;
            renderTasks();
            done(text);
        });""")
    assert message.startswith("No tasks."), message
    # The keyboard's and the phone's way: Move to… and a list of the sections.
    run.driver.set_window_size(390, 844)
    try:
        def press_move_to():
            row = next((r for r in run.finds(".task") if "post the parcel" in r.text), None)
            if row is None:
                return False
            button = row.find_element(By.CSS_SELECTOR, ".move-to")
            run.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.send_keys(Keys.ENTER)
            return True
        run.wait(press_move_to, "Move to… pressed")
        run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text.startswith("Move “post the parcel"), "Move to… asks where")
        sections = [o.get_attribute("value") for o in run.finds("#dialog-body select option")]
        assert "Overdue" not in sections and "Tomorrow" not in sections and "No Due Date" in sections, sections
        Select(run.find("#dialog-body select")).select_by_value("No Due Date")
        run.find("#dialog-ok").click()
        run.wait(lambda: "📅" not in line(), "moved to No Due Date: the due date is removed")
        assert run.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), "the tasks pane scrolls sideways at 390px"
        run.shot("categories-phone")
        # The manager on a phone: every control on screen, nothing serious for axe.
        run.find("#tasks-categories").click()
        run.wait(lambda: run.find("#dialog").is_displayed() and run.finds(".category-row"), "the manager on a phone")
        problems = fits_the_window(run, "the category manager", ["#category-new-name", "#category-add", ".category-row .category-remove"])
        from axe_selenium_python import Axe
        axe = Axe(run.driver)
        axe.inject()
        problems += [f"{v['id']} ({v['impact']}): {v['help']}" for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
        run.shot("categories-manager-phone")
        run.find("#dialog-cancel").click()
        assert not problems, problems
    finally:
        run.driver.set_window_size(1280, 800)


def a_change_elsewhere_is_merged(run):
    # Issue 52: every change on disk while editing became a conflict, even on another line,
    # and "Keep mine" dropped the other program's line. The save merges (the sync's line
    # merge) and the editor takes the merge with its caret where it was; only the same
    # lines changed on both sides make a conflict, and Keep mine keeps the other lines.
    with open(run.path("Merge me.md"), "w") as handle:
        handle.write("# Merge me\n\nFirst line.\n\nSecond line.\n\nThird line.\n")
    # No autosave: the change on disk is what makes the page save (its live event).
    run.driver.get(run.base)
    run.driver.execute_script("localStorage.setItem('vault.autosaveMs', '600000')")
    try:
        run.open("#/note/Merge%20me.md")
        run.wait(lambda: run.visible("#toggle-edit"), "the note is shown")
        run.find("#toggle-edit").click()
        editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
        editor.send_keys(Keys.CONTROL, Keys.END)
        editor.send_keys("Typed in the page")
        run.wait(lambda: run.find("#save-status").text == "Edited", "unsaved")
        with open(run.path("Merge me.md")) as handle:
            text = handle.read()
        with open(run.path("Merge me.md"), "w") as handle:
            handle.write(text.replace("First line.", "First line, from a script."))
        run.wait(lambda: "Merged" in run.find("#save-status").text, "the page says it merged")
        run.wait(lambda: "from a script" in run.editor_body(), "the editor shows the other program's line")
        assert not run.visible("#conflict"), "no conflict for a change on another line"
        assert "Typed in the page" in run.read("Merge me.md"), run.read("Merge me.md")
        ActionChains(run.driver).send_keys(" and on.").perform()
        run.find("#toggle-edit").click()
        run.wait(lambda: "Typed in the page and on." in run.read("Merge me.md"), "typing goes on at the caret")
        assert "First line, from a script." in run.read("Merge me.md"), run.read("Merge me.md")
        # The same line changed on both sides, another line changed on disk too: a conflict,
        # and Keep mine keeps the other program's other line.
        run.open("#/note/Merge%20me.md")
        run.wait(lambda: run.visible("#toggle-edit"), "the note is shown again")
        run.find("#toggle-edit").click()
        run.wait(lambda: run.visible(EDITOR), "the editor opens")
        run.driver.execute_script("""const cm = document.querySelector('#editor .CodeMirror').CodeMirror;
            const line = cm.getValue().split('\\n').findIndex((l) => l === 'Second line.');
            cm.replaceRange('Second line, mine.', {line, ch: 0}, {line, ch: 12}, '+input');""")
        run.wait(lambda: run.find("#save-status").text == "Edited", "unsaved")
        with open(run.path("Merge me.md")) as handle:
            text = handle.read()
        with open(run.path("Merge me.md"), "w") as handle:
            handle.write(text.replace("Second line.", "Second line, theirs.").replace("Third line.", "Third line, theirs too."))
        run.wait(lambda: run.visible("#conflict"), "the same line changed: the conflict view")
        run.find("#keep-mine").click()
        run.wait(lambda: "Second line, mine." in run.read("Merge me.md"), "keep mine settles the line with mine")
        saved = run.read("Merge me.md")
        assert "Third line, theirs too." in saved and "Second line, theirs." not in saved, saved
    finally:
        run.driver.execute_script("localStorage.removeItem('vault.autosaveMs')")


def a_large_note_opens_and_takes_typing(run):
    # Issue 52: a 546 KB note took 9.4 s to show and 680 ms a keystroke. How fast is
    # measured apart (no timing here); this checks that a large note opens, is edited
    # and saved whole.
    paragraph = "Lorem ipsum dolor sit amet, **consectetur** adipiscing elit [[Ideas]] #tag\n\n- [ ] a task\n\n"
    body = "# Large note\n\n" + "".join(f"## Part {i}\n\n{paragraph}" for i in range(5000))
    with open(run.path("Large note.md"), "w") as handle:
        handle.write(body)
    run.open("#/note/Large%20note.md")
    run.wait(lambda: run.visible("#note-body") and run.find("#note-body h1").text == "Large note", "the large note is shown")
    run.find("#toggle-edit").click()
    editor = run.wait(lambda: run.visible(EDITOR), "the editor opens")
    editor.send_keys(Keys.CONTROL, Keys.HOME)
    editor.send_keys(Keys.END)
    editor.send_keys(" typed")
    run.wait(lambda: run.read("Large note.md").startswith("# Large note typed\n"), "typing is saved")
    assert run.read("Large note.md").endswith(paragraph), "the rest of the note is whole"
    run.find("#toggle-edit").click()
    # Gone before the next journeys: its 5,000 tasks made the accessibility audit of the
    # tasks page outlast WebDriver's two minutes.
    os.remove(run.path("Large note.md"))


def toast_with_undo(run, what):
    """The toast says what was done and offers Undo, as a live region with a real button."""
    toast = run.wait(lambda: run.visible("#toast"), f"a toast after {what}")
    assert toast.get_attribute("role") == "status", toast.get_attribute("outerHTML")
    return run.wait(lambda: next((b for b in run.finds("#toast button") if b.text == "Undo" and b.is_displayed()), None), f"Undo after {what}")


def press_undo_key(run):
    """Ctrl-Z with the focus on no text field."""
    run.driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(run.driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()


def undo_every_action(run):
    """Pin, tag, move and delete a note, each undone from its toast or with Ctrl-Z; in the dark theme."""
    path = "Personal/Gift ideas.md"
    before = run.read(path)
    run.driver.set_window_size(1440, 900)
    run.open("#/folder/Personal")
    Select(run.find("#theme")).select_by_value("dark")
    run.open_note("Gift ideas")
    run.find("#pin").click()
    run.wait(lambda: "pinned: true" in run.read(path), "pin writes the file")
    undo = toast_with_undo(run, "a pin")
    run.shot("dark-undo-toast")
    undo.click()
    run.wait(lambda: run.read(path) == before, "Undo takes the pin back")
    # A tag, taken back with Ctrl-Z outside any field.
    tag = run.find("#note-tags input")
    tag.send_keys("undoable", Keys.ENTER)
    run.wait(lambda: "undoable" in run.read(path), "the tag is written")
    toast_with_undo(run, "a tag")
    press_undo_key(run)
    run.wait(lambda: run.read(path) == before, "Ctrl-Z takes the tag back")
    # A move, undone: the note is back in its folder and shown there.
    Select(run.find("#move")).select_by_value("Work")
    run.wait(lambda: os.path.exists(run.path("Work/Gift ideas.md")), "the note moves")
    toast_with_undo(run, "a move").click()
    run.wait(lambda: os.path.exists(run.path(path)) and run.read(path) == before, "Undo moves it back")
    run.wait(lambda: "Personal%2FGift" in run.driver.current_url or "Personal/Gift" in run.driver.current_url, "the page shows it where it is")
    # Delete asks nothing; its Undo brings the note back and shows it.
    run.find("#delete").click()
    run.wait(lambda: not os.path.exists(run.path(path)), "the note goes to the trash")
    toast_with_undo(run, "a delete").click()
    run.wait(lambda: os.path.exists(run.path(path)) and run.read(path) == before, "Undo brings it back")
    run.wait(lambda: run.visible("#note") and "Gift ideas" in run.find("#note-body").text, "and shows it")
    Select(run.find("#theme")).select_by_value("light")
    run.driver.set_window_size(1280, 800)


def a_partial_due_date_is_not_saved(run):
    """One Backspace in a due-date box, then leaving it: the date stays."""
    path = "Personal/Running log.md"
    run.driver.get(f"{run.base}?load=due#/tasks")
    def focus_due():
        row = next((r for r in run.finds(".task") if "long run" in r.text), None)
        if row is None:
            return None
        due = row.find_element(By.CSS_SELECTOR, 'input[type="date"]')
        run.driver.execute_script("arguments[0].focus()", due)
        return due if run.driver.switch_to.active_element == due else None
    due = run.wait(focus_due, "the due box of long run has the focus")
    due.send_keys(Keys.BACKSPACE)
    run.find("#task-add-text").click()
    run.wait(lambda: "Not a whole date" in run.find("#toast").text, "says the date is not whole")
    assert "📅 2026-11-29" in run.read(path), run.read(path)
    row = next(r for r in run.finds(".task") if "long run" in r.text)
    assert row.find_element(By.CSS_SELECTOR, 'input[type="date"]').get_attribute("value") == "2026-11-29"



def backlinks_under_a_note(run):
    """Under a note, the notes that link to it, each link with its line; a click opens it."""
    run.open("#/folder/Work")
    run.open_note("Alpha launch plan")
    section = run.wait(lambda: run.visible("#backlinks"), "the backlinks section")
    roadmap = next((li for li in section.find_elements(By.CSS_SELECTOR, "#backlinks-list > li") if li.find_element(By.CSS_SELECTOR, "a").text == "Roadmap"), None)
    assert roadmap is not None, section.text
    assert "See also [[Alpha launch plan]]" in roadmap.text, roadmap.text
    run.shot("light-backlinks")
    roadmap.find_element(By.CSS_SELECTOR, "a").click()
    run.wait(lambda: "Project Alpha, plan for the next two quarters" in run.find("#note-body").text, "the linking note opens")


def tasks_apart_are_named_by_their_text(run):
    """Tasks separated by blank lines: each checkbox beside its text, named by it."""
    with open(run.path("Loose tasks.md"), "w", encoding="utf-8") as handle:
        handle.write("# Loose tasks\n\n- [ ] water the plants\n\n- [ ] call the plumber\n")
    run.open()
    run.open_note("Loose tasks")
    boxes = run.finds("#note-body input[type=checkbox]")
    assert [b.get_attribute("aria-label") for b in boxes] == ["water the plants", "call the plumber"], [b.get_attribute("aria-label") for b in boxes]
    for box in boxes:
        text = box.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, "p")
        # Beside its text: the box's middle within the text's first line.
        middle = box.location["y"] + box.size["height"] / 2
        assert text.location["y"] <= middle <= text.location["y"] + 30, (box.location, text.location)
    os.remove(run.path("Loose tasks.md"))


def the_notes_are_one_tab_stop(run):
    """A skip link first; few Tab stops before the search box; the list's rows take the
    focus and arrow keys move it; Enter opens the note."""
    run.driver.set_window_size(1440, 900)
    run.open()
    run.driver.execute_script("document.activeElement && document.activeElement.blur(); window.focus()")
    body = run.find("body")
    body.send_keys(Keys.TAB)
    first = run.driver.switch_to.active_element
    assert first.get_attribute("id") == "skip-to-search", first.get_attribute("outerHTML")
    stops = 1
    while run.driver.switch_to.active_element.get_attribute("id") != "search" and stops < 60:
        ActionChains(run.driver).send_keys(Keys.TAB).perform()
        stops += 1
    assert stops <= 15, f"{stops} Tab stops before the search box"
    rows = run.finds(".note-row")
    assert sum(1 for r in rows if r.get_attribute("tabindex") == "0") == 1, [r.get_attribute("tabindex") for r in rows[:5]]
    rows[0].click()
    run.wait(lambda: run.visible("#note"), "a note opens")
    row = run.wait(lambda: next((r for r in run.finds(".note-row") if r.get_attribute("tabindex") == "0"), None), "a row to focus")
    run.driver.execute_script("arguments[0].focus()", row)
    ActionChains(run.driver).send_keys(Keys.ARROW_DOWN).perform()
    focused = run.driver.switch_to.active_element
    assert "note-row" in focused.get_attribute("class") and focused.get_attribute("data-path") != row.get_attribute("data-path"), focused.get_attribute("outerHTML")[:200]
    title = focused.find_element(By.CSS_SELECTOR, ".title").text.lstrip("★ ")
    ActionChains(run.driver).send_keys(Keys.ENTER).perform()
    run.wait(lambda: title in run.find("#note-body").text, "Enter opens the focused note")
    run.driver.set_window_size(1280, 800)


def the_server_unreachable_is_said(run):
    """A request the server never answers: the page says so, and offers to retry."""
    run.open("#/folder/Personal")
    run.open_note("Gift ideas")
    run.driver.execute_script("window.__fetch = window.fetch; window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    run.find("#pin").click()
    toast = run.wait(lambda: run.visible("#toast"), "a toast")
    assert "cannot be reached" in toast.text and "Failed to fetch" not in toast.text, toast.text
    retry = next(b for b in run.finds("#toast button") if b.text == "Retry")
    assert "pinned: true" not in run.read("Personal/Gift ideas.md")
    run.driver.execute_script("window.fetch = window.__fetch;")
    retry.click()
    run.wait(lambda: "pinned: true" in run.read("Personal/Gift ideas.md"), "the retry pins it")



def categories_cancel_discards(run):
    """Cancel in the category manager takes back what was changed in it."""
    config = ".vault/config.yaml"
    before = run.read(config)
    run.driver.get(f"{run.base}?load=cancel#/tasks")
    run.wait(lambda: run.finds(".task"), "the agenda")
    run.find("#tasks-categories").click()
    run.wait(lambda: run.find("#dialog").is_displayed() and run.find("#dialog-title").text == "Task categories", "the manager opens")
    run.find("#category-new-name").send_keys("scratch")
    run.find("#category-add").click()
    run.wait(lambda: "scratch:" in run.read(config), "a category is added")
    run.find("#dialog-cancel").click()
    run.wait(lambda: run.read(config) == before, "Cancel puts the categories back as they were")



def the_editor_fits_at_1440(run):
    """The editor at 1440x900 scrolls no pane sideways (it overflowed by 6 px)."""
    run.driver.set_window_size(1440, 900)
    run.open("#/folder/Work")
    run.open_note("Roadmap")
    run.find("#toggle-edit").click()
    run.wait(lambda: run.visible("#editor .CodeMirror"), "the editor")
    overflow = run.driver.execute_script("const n = document.getElementById('note'); return n.scrollWidth - n.clientWidth")
    assert overflow <= 0, f"the note pane scrolls sideways by {overflow} px"
    # The text still starts where the meta line does (the editor's inset is kept).
    line = run.driver.execute_script("return document.querySelector('#editor .CodeMirror-line').getBoundingClientRect().left")
    meta = run.driver.execute_script("return document.getElementById('note-meta').getBoundingClientRect().left")
    assert abs(line + 12 - meta) <= 20, (line, meta)
    run.find("#toggle-edit").click()
    run.driver.set_window_size(1280, 800)



def links_to_headings_blocks_and_no_note(run):
    """[[Roadmap#Q1 2027]] and [[Note#^id]] show their text and scroll there; [[No such
    note]] is drawn as a link to create it, in the vault's root."""
    with open(run.path("Link hub.md"), "w", encoding="utf-8") as handle:
        handle.write("# Link hub\n\nSee [[Roadmap#Q1 2027]], [[Block target#^b1]] and [[Brand new idea]].\n")
    filler = "\n\n".join(f"Paragraph {n} of filler." for n in range(60))
    with open(run.path("Block target.md"), "w", encoding="utf-8") as handle:
        handle.write(f"# Block target\n\n{filler}\n\nThe line to reach. ^b1\n")
    run.driver.set_window_size(1440, 900)
    run.open()
    run.open_note("Link hub")
    links = [a.text for a in run.finds("#note-body .wikilink")]
    assert links == ["Roadmap › Q1 2027", "Block target › b1".replace("b1", "^b1"), "Brand new idea"], links
    run.wait(lambda: next((a for a in run.finds("#note-body a.wikilink") if "Q1 2027" in a.text), None), "the heading link").click()
    run.wait(lambda: "Project Alpha" in run.find("#note-body").text, "the linked note opens")
    heading = next(h for h in run.finds("#note-body h2") if h.text == "Q1 2027")
    run.wait(lambda: run.driver.switch_to.active_element == heading, "the heading has the focus")
    run.driver.back()
    run.wait(lambda: "See" in run.find("#note-body").text and run.finds("#note-body .wikilink"), "back in the hub")
    run.wait(lambda: next((a for a in run.finds("#note-body a.wikilink") if "b1" in a.text), None), "the block link").click()
    run.wait(lambda: "The line to reach" in run.driver.switch_to.active_element.text, "the block has the focus")
    assert run.driver.execute_script("return document.getElementById('note').scrollTop") > 200
    run.driver.back()
    create = run.wait(lambda: next((b for b in run.finds("#note-body button.wikilink.broken") if b.text == "Brand new idea"), None), "the unresolved link")
    create.click()
    run.wait(lambda: os.path.exists(run.path("Brand new idea.md")), "the note is created in the vault's root")
    run.wait(lambda: "Brand new idea" in run.find("#note-body").text, "and opened")
    for name in ["Link hub.md", "Block target.md", "Brand new idea.md"]:
        os.remove(run.path(name))
    run.driver.set_window_size(1280, 800)



def search_shows_matches_in_context(run):
    """A typed search shows each row's words in their context, marked."""
    run.open()
    run.find("#search").send_keys("budget")
    marks = run.wait(lambda: run.finds(".note-row .snippet mark"), "the words are marked in the list")
    # (textContent: a mark past the two lines a row shows is not displayed.)
    words = [m.get_attribute("textContent") for m in marks]
    assert all(w.lower() == "budget" for w in words), words
    run.shot("light-search-matches")
    run.find("#search").clear()
    run.find("#search").send_keys(Keys.BACKSPACE)


def smart_folder(run, name):
    return next((li for li in run.finds("#searches li") if li.find_element(By.CSS_SELECTOR, ".name").text == name), None)


def smart_folders(run):
    # Saved searches were only the command line's (`vault saved`). The sidebar lists them
    # as smart folders with live counts; the search box saves one; each renames and deletes.
    run.driver.set_window_size(1440, 900)
    config = ".vault/config.yaml"
    before = run.read(config)
    try:
        run.open()
        assert not run.visible("#save-search"), "nothing to save while the box is empty"
        run.find("#search").send_keys("tag:reading/book")
        run.wait(lambda: run.visible("#save-search"), "Save this search is offered").click()
        run.wait(lambda: run.driver.execute_script("return document.getElementById('dialog').open"), "the page asks a name")
        run.find("#dialog-body input").send_keys("Books")
        run.find("#dialog-ok").click()
        run.wait(lambda: "  Books: tag:reading/book\n" in run.read(config), "the search is saved in the settings")
        run.wait(lambda: run.find("#scope").text.startswith('@"Books" ·'), "the list shows the saved search")
        assert run.find("#search").get_attribute("value") == "", "the query is the smart folder's now"
        row = run.wait(lambda: smart_folder(run, "Books"), "Books is a smart folder")
        count = int(row.find_element(By.CSS_SELECTOR, ".count").text)
        with open(run.path("Reading/A new book.md"), "w") as handle:
            handle.write("---\ntags: [reading/book]\n---\n# A new book\n\nJust bought.\n")
        run.wait(lambda: smart_folder(run, "Books").find_element(By.CSS_SELECTOR, ".count").text == str(count + 1), "the count follows the disk")
        run.open("#/")
        smart_folder(run, "Books").find_element(By.CSS_SELECTOR, "button.row").click()
        run.wait(lambda: run.find("#scope").text.startswith('@"Books" ·'), "the list is the search's")
        run.wait(lambda: len(run.finds("#list .note-row")) == count + 1, "its notes are listed")
        run.shot("light-smart-folders")
        Select(run.find("#theme")).select_by_value("dark")
        run.shot("dark-smart-folders")
        run.driver.set_window_size(390, 844)
        run.find("#back-to-sidebar").click()
        run.wait(lambda: smart_folder(run, "Books") and smart_folder(run, "Books").is_displayed(), "a phone's sidebar shows it")
        run.shot("phone-dark-smart-folders")
        Select(run.find("#theme")).select_by_value("light")
        run.shot("phone-light-smart-folders")
        run.driver.set_window_size(1440, 900)
        # A search whose query stops parsing is listed with why, not dropped.
        with open(run.path(config), "a") as handle:
            handle.write("  Broken: \"@gone\"\n")
        run.open("#/")
        broken = run.wait(lambda: smart_folder(run, "Broken"), "a broken search is listed")
        assert "no saved search" in broken.find_element(By.CSS_SELECTOR, ".smart-error").text
        run.shot("light-smart-folder-broken")
        run.find("[aria-label='Rename saved search Books']").click()
        run.wait(lambda: run.driver.execute_script("return document.getElementById('dialog').open"), "the page asks the new name")
        field = run.find("#dialog-body input")
        field.clear()
        field.send_keys("Novels")
        run.find("#dialog-ok").click()
        run.wait(lambda: smart_folder(run, "Novels"), "renamed in the sidebar")
        assert "  Novels: tag:reading/book\n" in run.read(config)
        run.find("[aria-label='Delete saved search Novels']").click()
        answer(run, "Delete saved search Novels")
        run.wait(lambda: not smart_folder(run, "Novels"), "deleted from the sidebar")
        assert "Novels" not in run.read(config)
    finally:
        os.remove(run.path("Reading/A new book.md")) if os.path.exists(run.path("Reading/A new book.md")) else None
        with open(run.path(config), "w") as handle:
            handle.write(before)
        run.driver.set_window_size(1280, 800)


def set_a_property_with_undo(run):
    # Select mode set no property: "Set property…" sets one on every note picked, as
    # `vault set` does, one operation that Undo takes back byte for byte.
    os.makedirs(run.path("Props"), exist_ok=True)
    texts = {f"Props/{name}.md": f"# {name}\n\nA note to give a property.\n" for name in ["One", "Two"]}
    for path, text in texts.items():
        with open(run.path(path), "w") as handle:
            handle.write(text)
    run.open("#/folder/Props")
    run.wait(lambda: len(run.finds("#list .note-row")) == 2, "both are listed")
    run.find("#select-mode").click()
    run.find("#note-bulk-all").click()
    run.wait(lambda: run.find("#note-bulk-count").text == "2 selected", "All picks both")
    run.find("#note-bulk-property").click()
    run.wait(lambda: run.driver.execute_script("return document.getElementById('dialog').open"), "the page asks key and value")
    key, value = run.finds("#dialog-body input")
    key.send_keys("status")
    value.send_keys("draft")
    run.find("#dialog-ok").click()
    run.wait(lambda: all("status: draft" in run.read(path) for path in texts), "both have the property")
    toast_with_undo(run, "Set property").click()
    run.wait(lambda: all(run.read(path) == text for path, text in texts.items()), "Undo restores the bytes")
    run.find("#note-bulk-done").click()


def import_an_export_and_undo_it(run):
    # Issue 56: the sidebar's Import takes an Evernote export, shows the report (every note
    # accounted for) and Undo takes the whole import back.
    export = os.path.join(os.path.dirname(run.vault), "Imported notebook.enex")
    with open(export, "w") as handle:
        handle.write('<?xml version="1.0" encoding="UTF-8"?>\n<en-export>'
                     '<note><title>First import</title><content><![CDATA[<en-note><div>Links to '
                     '<a href="evernote:///view/1/s1/a/a/">Second import</a></div></en-note>]]></content>'
                     '<created>20240108T214113Z</created><updated>20240108T214144Z</updated><tag>imported</tag></note>'
                     '<note><title>Second import</title><content><![CDATA[<en-note><div>Hello</div></en-note>]]></content>'
                     '<created>20240109T080000Z</created></note>'
                     '<note><title>Locked</title><content><![CDATA[<en-note><en-crypt>QUJD</en-crypt></en-note>]]></content></note>'
                     '</en-export>\n')
    records = history_records(run)
    run.open()
    run.find("#import-row").click()
    picker = run.find("#import-file")
    run.driver.execute_script("arguments[0].hidden = false", picker)
    picker.send_keys(export)
    report = run.wait(lambda: run.visible("#import-report"), "the report is shown")
    assert "Read 3, wrote 2, skipped 1." in report.text, report.text
    assert "Skipped Locked: encrypted" in report.text, report.text
    first = run.path("Imported notebook/First import.md")
    assert os.path.exists(first) and "[[Second import]]" in run.read("Imported notebook/First import.md")
    assert history_records(run) == records + 1, "one recorded operation"
    run.shot("light-import-report")
    run.find("#dialog-ok").click()
    run.wait(lambda: not os.path.exists(run.path("Imported notebook")), "Undo takes the import back")
    run.driver.execute_script("arguments[0].hidden = true", picker)
    os.remove(export)


JOURNEYS = [a_change_elsewhere_is_merged, a_large_note_opens_and_takes_typing, a_new_note_opens_in_the_editor, open_folder_and_note, edit_and_autosave, search, search_as_you_type, pin_move_delete_restore, dark_mode,
            edit_on_disk_appears, typing_while_the_disk_version_loads, conflict_loses_nothing, no_script_from_a_note, tasks_view, drop_an_image_on_a_note,
            a_new_note_is_written_with_its_first_character, broken_front_matter_is_shown_as_text, a_malformed_query_shows_only_its_error,
            renamed_tags_and_splits_follow, a_phone_reaches_every_action, links_open_in_the_app,
            the_file_follows_the_title, tick_a_task_in_the_note, colour_themes, select_several_notes,
            a_share_becomes_a_note_or_a_task, build_any_query, dates_say_which_day,
            the_editor_has_a_properties_panel, the_toolbar_inserts_markdown, the_editor_on_a_phone,
            no_serious_accessibility_problems, text_in_any_direction_and_quiet_scrollbars,
            controls_are_styled_and_line_up, a_notes_history_and_recently_deleted, categories_for_tasks,
            undo_every_action, a_partial_due_date_is_not_saved, backlinks_under_a_note,
            tasks_apart_are_named_by_their_text, the_notes_are_one_tab_stop, the_server_unreachable_is_said,
            categories_cancel_discards, the_editor_fits_at_1440, links_to_headings_blocks_and_no_note,
            search_shows_matches_in_context, smart_folders, set_a_property_with_undo, import_an_export_and_undo_it]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vault-bin", required=True)
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "screenshots"))
    parser.add_argument("--only", help="run only these journeys (names, comma-separated)")
    args = parser.parse_args()
    journeys = [j for j in JOURNEYS if not args.only or j.__name__ in args.only.split(",")]
    run = Run(os.path.abspath(args.vault_bin), args.screenshots)
    passed = failed = 0
    try:
        for journey in journeys:
            try:
                journey(run)
                passed += 1
                print(f"ok: {journey.__name__}")
            except Exception:
                failed += 1
                print(f"FAILED: {journey.__name__}\n{traceback.format_exc()}")
                try:
                    run.shot(f"failure-{journey.__name__}")
                except Exception:
                    pass
    finally:
        run.close()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    import urllib.parse  # noqa: E402 (used by the conflict journey)
    main()
