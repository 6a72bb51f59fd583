#!/usr/bin/env python3
"""Writes the CodeMirror files the note editor uses into Swift sources of this target.

Usage: vendor.py DIR, DIR being Debian's libjs-codemirror unpacked
(`apt-get download libjs-codemirror && dpkg-deb -x libjs-codemirror_*.deb DIR`).

Each file is copied unchanged into a raw string literal. Not SwiftPM's `embedInCode`,
whose array of 400,000 integer literals took minutes and 2 GB to compile in each build
(debug, release, ASan, TSan) where a string literal takes a tenth of a second.
"""
import os
import sys

FILES = [  # (Swift name, path in the package)
    ("codemirrorJS", "lib/codemirror.js"),
    ("codemirrorCSS", "lib/codemirror.css"),
    ("markdownJS", "mode/markdown/markdown.js"),
    ("continuelistJS", "addon/edit/continuelist.js"),
    ("placeholderJS", "addon/display/placeholder.js"),
]
DELIMITER = "###"


def main():
    package = os.path.join(sys.argv[1], "usr/share/javascript/codemirror")
    here = os.path.dirname(os.path.abspath(__file__))
    for name, path in FILES:
        with open(os.path.join(package, path), encoding="utf-8", newline="") as handle:
            text = handle.read()
        # The literal must end where the file ends, and hold it exactly: no closing
        # delimiter, no escape of this raw string, no carriage return (Swift makes it \n).
        assert '"""' + DELIMITER not in text and "\\" + DELIMITER not in text and "\r" not in text, path
        swift = (f"// {path} of Debian's libjs-codemirror 5.65.0+~cs5.83.9-2 (MIT, see codemirror/LICENSE),\n"
                 f"// unchanged between the delimiters. Written by vendor.py: do not edit.\n"
                 f"extension CodeMirrorFiles {{\n"
                 f"    static let {name} = {DELIMITER}\"\"\"\n{text}\n\"\"\"{DELIMITER}\n}}\n")
        with open(os.path.join(here, f"CodeMirrorFiles+{name}.swift"), "w", encoding="utf-8") as handle:
            handle.write(swift)


if __name__ == "__main__":
    main()
