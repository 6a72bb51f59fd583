#!/usr/bin/env python3
"""`vault mcp` through a real MCP client (PyPI's `mcp`): every tool, the scope and private
notes, stale versions, undo byte for byte, and the bounds of an answer.

    python3 Tests/MCP/mcp_test.py --vault-bin .build/debug/vault

Each check runs on a scratch copy of vault-example; the files are compared byte for byte.
"""
import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "vault-example")
LIMIT = 40_000
passed = 0
failed = 0


def field(value, *names):
    """A field by its name in the client's version (`structured_content`, `structuredContent`)."""
    for name in names:
        if hasattr(value, name):
            return getattr(value, name)
    return None


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAILED:", what)


def snapshot(root):
    """Every file of the vault but vault's own records (history, cache) and the trash."""
    files = {}
    for folder, dirs, names in os.walk(root):
        relative = os.path.relpath(folder, root)
        dirs[:] = [d for d in dirs if not (relative == "." and d in (".vault", ".trash"))]
        for name in names:
            path = os.path.normpath(os.path.join(relative, name))
            with open(os.path.join(folder, name), "rb") as handle:
                files[path] = handle.read()
    return files


def make_vault():
    directory = tempfile.mkdtemp(prefix="vault-mcp-")
    root = os.path.join(directory, "vault")
    shutil.copytree(EXAMPLE, root)
    with open(os.path.join(root, "Personal", "Diary.md"), "w") as handle:
        handle.write("---\nprivate: true\ntags: [secretdiary]\n---\n# Diary\n\nA secret plan about the budget.\n")
    # A folder holding only a private note, whose link must follow a rename it cannot see.
    os.makedirs(os.path.join(root, "Hidden"))
    with open(os.path.join(root, "Hidden", "Launch notes.md"), "w") as handle:
        handle.write("---\nprivate: true\n---\n# Launch notes\n\nSee [[Alpha launch plan]].\n")
    with open(os.path.join(root, "Reading", "Long read.md"), "w") as handle:
        handle.write("# Long read\n\n" + "".join(f"Line {n}: " + "word " * 15 + "\n" for n in range(1, 1201)))
    return directory, root


class Vault:
    def __init__(self, session):
        self.session = session

    async def call(self, name, **arguments):
        result = await self.session.call_tool(name, arguments)
        size = sum(len(c.text) for c in result.content if getattr(c, "text", None) is not None)
        size += len(json.dumps(field(result, "structured_content", "structuredContent"), ensure_ascii=False)) if field(result, "structured_content", "structuredContent") else 0
        check(size <= LIMIT, f"{name} answered {size} characters, over {LIMIT}")
        return result

    async def ok(self, name, **arguments):
        result = await self.call(name, **arguments)
        text = result.content[0].text if result.content else ""
        check(not field(result, "is_error", "isError"), f"{name} {arguments}: {text}")
        if field(result, "structured_content", "structuredContent") is not None:
            check(json.loads(text) == field(result, "structured_content", "structuredContent"), f"{name}: the text copy is the structured content")
        return field(result, "structured_content", "structuredContent") or {}

    async def error(self, name, words, **arguments):
        result = await self.call(name, **arguments)
        text = result.content[0].text if result.content else ""
        check(field(result, "is_error", "isError") is True, f"{name} {arguments} should fail, answered {text[:200]}")
        check(words in text, f"{name}: {text!r} should say {words!r}")
        return text


async def connect(binary, root, *extra, server=None):
    """`vault mcp` on `root`; `server` is how it asks a running `vault serve` (VAULT_SERVER:
    `require` or `off`), with the variables an answer depends on as the server has them."""
    env = None
    if server is not None:
        env = {"VAULT_SERVER": server, **{name: os.environ[name] for name in ("TZ", "LANG", "LC_ALL") if name in os.environ}}
    return stdio_client(StdioServerParameters(command=binary, args=["mcp", "--vault", root, *extra], env=env))


async def with_vault(binary, root, extra, body, server=None):
    async with await connect(binary, root, *extra, server=server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await body(session, Vault(session))


async def everything(binary):
    directory, root = make_vault()
    try:
        original = snapshot(root)

        async def tools(session, vault):
            listed = {tool.name: tool for tool in (await session.list_tools()).tools}
            check(set(listed) == {"search_notes", "read_note", "list_notes", "create_note", "edit_note", "set_properties", "tag_notes",
                                  "move_notes", "rename_note", "delete_notes", "list_tags", "list_folders", "tasks", "complete_task",
                                  "note_history", "undo"}, f"tools: {sorted(listed)}")
            check(field(listed["search_notes"].annotations, "read_only_hint", "readOnlyHint") is True, "search_notes is read-only")
            check(field(listed["delete_notes"].annotations, "destructive_hint", "destructiveHint") is True, "delete_notes is destructive")
            check(field(listed["undo"].annotations, "destructive_hint", "destructiveHint") is True, "undo is destructive")
            check(field(listed["edit_note"], "input_schema", "inputSchema")["required"] == ["note", "version"], "edit_note's schema")

            # Reading.
            found = await vault.ok("search_notes", query="plan", limit=100)
            paths = [note["path"] for note in found["notes"]]
            check("Work/Projects/Roadmap.md" in paths, f"search finds the roadmap: {paths}")
            check(not any("Diary" in path for path in paths), "a private note is never found")
            check(set(found["notes"][0]) == {"path", "title", "folder", "tags", "modified", "snippet"}, "a note's fields")
            budget = await vault.ok("search_notes", query="budget secret")
            check(budget["total"] == 0, "the private note's words find nothing")
            seen, cursor = [], None
            while True:
                page = await vault.ok("search_notes", query="", limit=7, **({"cursor": cursor} if cursor else {}))
                seen += [note["path"] for note in page["notes"]]
                cursor = page["next_cursor"]
                if not cursor:
                    break
            check(len(seen) == len(set(seen)) == page["total"], f"paging by cursor gives every note once ({len(seen)} of {page['total']})")
            await vault.error("search_notes", "query", query="tag:")
            await vault.error("read_note", "no note matches 'Personal/Diary.md'", note="Personal/Diary.md")
            await vault.error("read_note", "no note matches 'Diary'", note="Diary")

            note = await vault.ok("read_note", note="Roadmap")
            with open(os.path.join(root, "Work/Projects/Roadmap.md"), encoding="utf-8") as handle:
                check(note["text"] == handle.read(), "read_note gives the text as it is")
            check(note["properties"]["tags"] == "[work, project/alpha]", f"properties: {note['properties']}")
            section = await vault.ok("read_note", note="Roadmap", section="Q1 2027")
            check(section["text"].startswith("## Q1 2027\n") and "Q4" not in section["text"], f"a section: {section['text']!r}")

            text, offset = "", 0
            while offset is not None:
                page = await vault.ok("read_note", note="Long read", offset=offset)
                text += page["text"]
                offset = page["next_offset"]
            with open(os.path.join(root, "Reading/Long read.md"), encoding="utf-8") as handle:
                check(text == handle.read(), "a long note read page by page is the whole note")

            work = await vault.ok("list_notes", folder="Work", limit=100)
            check(work["notes"] and all(n["folder"].startswith("Work") for n in work["notes"]), "list_notes by folder")
            tagged = await vault.ok("list_notes", tag="project")
            check(all(any(t.startswith("project") for t in n["tags"]) for n in tagged["notes"]) and tagged["notes"], "list_notes by tag")
            tags = await vault.ok("list_tags")
            check("secretdiary" not in [t["name"] for t in tags["tags"]], "a private note's tags are not listed")
            check("work" in [t["name"] for t in tags["tags"]], "tags are listed")
            folders = await vault.ok("list_folders")
            check("Work/Projects" in [f["path"] for f in folders["folders"]], "folders are listed")
            check("Hidden" not in [f["path"] for f in folders["folders"]], f"a folder of private notes only is not listed: {folders}")
            tasks = await vault.ok("tasks", query="Roadmap")
            check("send the budget" in [t["text"] for t in tasks["tasks"]], f"tasks: {tasks}")
            history = await vault.ok("note_history", note="Roadmap")
            check(history["operations"] == [], "no operation yet")

            # Writing: each one recorded, and undone byte for byte.
            async def undone(record, what):
                check(record is not None, f"{what} returns a record_id")
                if record:
                    await vault.ok("undo", record_id=record)
                check(snapshot(root) == original, f"undoing {what} gives back every byte")

            created = await vault.ok("create_note", title="Idea from Claude", text="A thought.\n", folder="Work", tags=["idea"])
            check(created["path"] == "Work/Idea from Claude.md", f"created: {created}")
            check("A thought." in open(os.path.join(root, created["path"]), encoding="utf-8").read(), "the note is written")
            await undone(created["record_id"], "create_note")

            # Text that reads as a data URL is written as sent (the SDK reads such a string as bytes).
            for text in ["data: the numbers, as read\n", "data:,Hello%20World\n", "data:text/plain;base64,SGk=\n"]:
                made = await vault.ok("create_note", title="Data note", text=text, folder="Work")
                written = open(os.path.join(root, made.get("path", "Work/Data note.md")), encoding="utf-8").read()
                check(written.endswith("\n" + text), f"{text!r} is written as sent: {written!r}")
                # And read back as written, in the structured content too (the SDK reads its answers again).
                read = await vault.ok("read_note", note=made.get("path", "Work/Data note.md"))
                check(read.get("text", "").endswith("\n" + text), f"{text!r} is read back as written: {read.get('text')!r}")
                await undone(made.get("record_id"), f"create_note with {text!r}")
            titled = await vault.ok("create_note", title="data:,t6", text="x\n", folder="Work")
            read = await vault.ok("read_note", note=titled.get("path", ""))
            check(read.get("title") == "data:,t6", f"a title that reads as a data URL is read back as written: {read.get('title')!r}")
            # An error's words that start with such a path (a folder made outside vault) too.
            os.makedirs(os.path.join(root, "data:,t7"))
            with open(os.path.join(root, "data:,t7", "Note.md"), "w") as handle:
                handle.write("# Note\n")
            stale = await vault.error("edit_note", "changed since that version was read", note="data:,t7/Note.md", version="0" * 16, append="y")
            check(stale.startswith("data:,t7/Note.md: "), f"an error naming it is read as written: {stale[:80]!r}")
            shutil.rmtree(os.path.join(root, "data:,t7"))
            await undone(titled.get("record_id"), "create_note titled 'data:,t6'")

            version = (await vault.ok("read_note", note="Groceries"))["version"]
            appended = await vault.ok("edit_note", note="Groceries", version=version, append="- olives")
            check(open(os.path.join(root, "Groceries.md"), encoding="utf-8").read().endswith("- olives\n"), "appended")
            before = snapshot(root)
            await vault.error("edit_note", "changed since that version was read", note="Groceries", version=version, append="- again")
            check(snapshot(root) == before, "a stale version changes nothing")
            await vault.error("edit_note", "not in the note", note="Groceries", version=appended["version"], replace={"old": "caviar", "new": "x"})
            await vault.error("edit_note", "exactly one of", note="Groceries", version=appended["version"], append="a", prepend="b")
            check(snapshot(root) == before, "a refused replace changes nothing")
            await undone(appended["record_id"], "edit_note")

            roadmap = await vault.ok("read_note", note="Roadmap")
            await vault.error("edit_note", "4 times", note="Roadmap", version=roadmap["version"], replace={"old": "- [ ] ", "new": "- [x] "})
            replaced = await vault.ok("edit_note", note="Roadmap", version=roadmap["version"], section={"heading": "Q1 2027", "text": "- [ ] ship\n"})
            await undone(replaced["record_id"], "edit_note section")

            plan = await vault.ok("set_properties", notes=["Roadmap"], set={"due": "2026-12-01", "effort": 3, "status": '"3"'}, dry_run=True)
            check(plan["changed"] == ["Work/Projects/Roadmap.md"] and snapshot(root) == original, "a dry run changes nothing")
            check(plan["values"]["due"]["reads_as"] == "date" and plan["values"]["status"]["reads_as"] == "string", f"values read as YAML: {plan['values']}")
            props = await vault.ok("set_properties", notes=["Roadmap"], set={"due": "2026-12-01", "pinned": False, "tags": ["work", "q4"]})
            text = open(os.path.join(root, "Work/Projects/Roadmap.md"), encoding="utf-8").read()
            check("due: 2026-12-01\n" in text and "tags: [work, q4]\n" in text and "pinned" not in text, f"properties written: {text[:300]!r}")
            await undone(props["record_id"], "set_properties")
            await vault.error("set_properties", "vault gives each note its id", notes=["Roadmap"], set={"id": "x"})
            await vault.error("set_properties", "not one YAML value", notes=["Roadmap"], set={"due": "[a, b"})

            tagged = await vault.ok("tag_notes", query="folder:Reading", add=["books"])
            check(len(tagged["changed"]) >= 5, f"tagged: {tagged['changed']}")
            await undone(tagged["record_id"], "tag_notes")
            one = await vault.ok("tag_notes", notes=["Groceries"], add=["shopping"])
            await undone(one["record_id"], "tag_notes on one note")

            moved = await vault.ok("move_notes", notes=["Groceries", "Ideas"], folder="Personal")
            check(os.path.exists(os.path.join(root, "Personal/Groceries.md")), "moved")
            await undone(moved["record_id"], "move_notes")
            renamed = await vault.ok("rename_note", note="Alpha launch plan", title="Alpha plan")
            check(os.path.exists(os.path.join(root, "Work/Projects/Alpha plan.md")) and renamed["links_rewritten"] >= 1, f"renamed: {renamed}")
            hidden = open(os.path.join(root, "Hidden/Launch notes.md"), encoding="utf-8").read()
            check("[[Alpha plan]]" in hidden, f"a private note's link follows the rename: {hidden!r}")
            check("Hidden" not in json.dumps(renamed), f"the answer names no private note: {renamed}")
            await undone(renamed["record_id"], "rename_note")
            deleted = await vault.ok("delete_notes", notes=["Quick thought"])
            check(not os.path.exists(os.path.join(root, "Quick thought.md")), "deleted")
            await undone(deleted["record_id"], "delete_notes")

            task = next(t for t in tasks["tasks"] if t["text"] == "send the budget")
            done = await vault.ok("complete_task", ref=task["ref"])
            check(done["tasks"][0]["status"] == "done", f"done: {done}")
            await undone(done["record_id"], "complete_task")

            history = await vault.ok("note_history", note="Roadmap")
            check(len(history["operations"]) >= 3, f"the roadmap's operations: {len(history['operations'])}")
            await vault.error("undo", "no operation has the id", record_id="zzzz")
            again = await vault.error("undo", "", record_id=done["record_id"])
            check("undo" in again, f"an undo twice is refused: {again}")
            check(snapshot(root) == original, "after everything, the vault is as it was")

        await with_vault(binary, root, [], tools)

        async def scoped(session, vault):
            found = await vault.ok("search_notes", query="", limit=100)
            check(found["notes"] and all(n["folder"].startswith("Work") for n in found["notes"]), "--folder Work shows Work only")
            await vault.error("read_note", "no note matches", note="Groceries")
            await vault.error("create_note", "outside the folders given", title="Out", text="x", folder="Personal")
            await vault.error("move_notes", "outside the folders given", notes=["Roadmap"], folder="Personal")
            check(snapshot(root) == original, "a refused write in scope changes nothing")
            folders = await vault.ok("list_folders")
            check(all(f["path"].startswith("Work") for f in folders["folders"]), f"--folder Work lists Work's folders only: {folders}")
            renamed = await vault.ok("rename_note", note="Alpha launch plan", title="Alpha plan")
            hidden = open(os.path.join(root, "Hidden/Launch notes.md"), encoding="utf-8").read()
            check("[[Alpha plan]]" in hidden, f"a link outside the scope follows the rename: {hidden!r}")
            check("Hidden" not in json.dumps(renamed), f"the answer names no note outside the scope: {renamed}")
            await vault.ok("undo", record_id=renamed["record_id"])
            check(snapshot(root) == original, "undoing a rename in scope gives back every byte")

        await with_vault(binary, root, ["--folder", "Work"], scoped)

        async def read_only(session, vault):
            names = {tool.name for tool in (await session.list_tools()).tools}
            check(names == {"search_notes", "read_note", "list_notes", "list_tags", "list_folders", "tasks", "note_history"}, f"read-only tools: {sorted(names)}")
            await vault.error("create_note", "read only", title="X", text="y")
            check(snapshot(root) == original, "read-only changes nothing")

        await with_vault(binary, root, ["--read-only"], read_only)

        with open(os.path.join(root, ".vault", "config.yaml"), "a") as handle:
            handle.write("mcp:\n  folders: [Reading]\n")

        async def configured(session, vault):
            found = await vault.ok("list_notes", limit=100)
            check(found["notes"] and all(n["folder"] == "Reading" for n in found["notes"]), "mcp.folders in the config limits the scope")

        await with_vault(binary, root, [], configured)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


# The reading tools' calls compared between a running `vault serve`'s answer and a scan's.
READING_CALLS = [
    ("search_notes", {"query": "plan"}), ("search_notes", {"query": "budget", "limit": 2}),
    ("search_notes", {"query": "", "limit": 3, "cursor": "3"}), ("search_notes", {"query": "tag:secretdiary"}),
    ("search_notes", {"query": "(("}), ("list_notes", {"limit": 100}), ("list_notes", {"folder": "Work", "tag": "project"}),
    ("list_tags", {}), ("list_folders", {}), ("tasks", {}), ("tasks", {"query": "folder:Work"}),
    ("read_note", {"note": "Roadmap"}), ("read_note", {"note": "Diary"}), ("read_note", {"note": "Long read", "offset": 20000}),
]


def serve(binary, root):
    """`vault serve` on `root`, once its command socket listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([binary, "serve", "--vault", root, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = os.path.join(root, ".vault", "tmp", "serve.sock")
    while process.poll() is None:
        with socket.socket(socket.AF_UNIX) as probe:
            try:
                probe.connect(path)
                return process
            except OSError:
                time.sleep(0.05)
    raise RuntimeError("vault serve stopped before it listened")


async def served(binary):
    """With `vault serve` running, `vault mcp`'s reading tools are answered by the server
    (VAULT_SERVER=require fails a call it does not answer), exactly as a scan answers them,
    in and out of a scope, and writes through `vault mcp` are seen by the next answer."""
    directory, root = make_vault()
    server = serve(binary, root)
    try:
        async def answers(session, vault):
            results = []
            for name, arguments in READING_CALLS:
                result = await session.call_tool(name, arguments)
                results.append((name, arguments, bool(field(result, "is_error", "isError")), [c.text for c in result.content],
                                field(result, "structured_content", "structuredContent")))
            return results

        for extra in ([], ["--folder", "Work"], ["--read-only", "--folder", "Reading"]):
            found = {}
            for mode in ("require", "off"):
                async def run(session, vault, mode=mode):
                    found[mode] = await answers(session, vault)
                await with_vault(binary, root, extra, run, server=mode)
            for mine, theirs in zip(found["require"], found["off"]):
                check(mine == theirs, f"served {extra} {mine[:2]}: {str(mine)[:300]} != scanned {str(theirs)[:300]}")
            check(not found["require"][0][2], f"the server answered {extra}: {found['require'][0]}")

        async def writes(session, vault):
            created = await vault.ok("create_note", title="Served zebra note", text="zebra", folder="Work")
            found = await vault.ok("search_notes", query="zebra")
            check([n["path"] for n in found["notes"]] == [created["path"]], f"the server sees a note just made: {found}")
            await vault.ok("undo", record_id=created["record_id"])
            found = await vault.ok("search_notes", query="zebra")
            check(found["notes"] == [], f"nor the note after its undo: {found}")

        await with_vault(binary, root, [], writes, server="require")
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vault-bin", default=".build/debug/vault")
    binary = os.path.abspath(parser.parse_args().vault_bin)
    asyncio.run(everything(binary))
    asyncio.run(served(binary))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
