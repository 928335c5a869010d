#!/usr/bin/env python3
"""The #if guards the fixes wrote: for each library, the copy the report fixed (WORK/copy/<name>) against its checkout.
Prints one markdown line per library with the number of guards and the largest one (lines from #if to #endif).

Usage: guards.py WORK NAME=CHECKOUT..."""
import difflib
import os
import sys


def guards(before, after):
    """The #if ... #endif blocks added by the fix (those whose #if line is new), as (first line, length in lines)."""
    old = set(map(str.strip, before))
    found = []
    depth_start = []
    for number, line in enumerate(after):
        text = line.strip()
        if text.startswith("#if ") and text not in old:
            depth_start.append((number, True))
        elif text.startswith("#if"):
            depth_start.append((number, False))
        elif text.startswith("#endif") and depth_start:
            start, added = depth_start.pop()
            if added:
                found.append((start + 1, number - start + 1))
    return found


def main():
    work = sys.argv[1]
    for argument in sys.argv[2:]:
        name, checkout = argument.split("=", 1)
        copy = os.path.join(work, "copy", name)
        all_guards = []
        for folder, _, files in os.walk(copy):
            for file in files:
                if not file.endswith(".cs"):
                    continue
                fixed = os.path.join(folder, file)
                original = os.path.join(checkout, os.path.relpath(fixed, copy))
                if not os.path.exists(original):
                    continue
                with open(original, encoding="utf-8", errors="replace") as f:
                    before = f.read().splitlines()
                with open(fixed, encoding="utf-8", errors="replace") as f:
                    after = f.read().splitlines()
                if before == after:
                    continue
                all_guards += [(os.path.relpath(fixed, copy), line, length) for line, length in guards(before, after)]
        if all_guards:
            file, line, length = max(all_guards, key=lambda g: g[2])
            print(f"| {name} | {len(all_guards)} | {length} lines (`{file}:{line}`) |")
        else:
            print(f"| {name} | 0 | - |")


if __name__ == "__main__":
    main()
