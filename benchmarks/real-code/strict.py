#!/usr/bin/env python3
"""The strict verdicts of docs/real-code.md, before and after: which share of the sampled findings is right.

Usage: strict.py WORK NAME... — WORK holds the report's <name>.json scans. 'Before' is the sample listed in
sample-before.tsv (the page's sample before issue #31's impact checks), 'after' the sample this run's page lists (up to
20 per rule, taken in turn from each library in file and line order, as the report takes it). Each is judged with
verdicts.tsv (strict: right = the rewrite changes generated code on a path that runs per item in normal use).
Prints markdown."""
import json
import os
import sys
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))


def read_tsv(name):
    with open(os.path.join(here, name), encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]


def main():
    work, names = sys.argv[1], sys.argv[2:]
    verdicts = {tuple(row[:4]): row[4] for row in read_tsv("verdicts.tsv")}
    reasons = {tuple(row[:4]): row[5] if len(row) > 5 else "" for row in read_tsv("verdicts.tsv")}
    before = [tuple(row[:4]) for row in read_tsv("sample-before.tsv") if row[0] in names]
    findings = {}
    for name in names:
        with open(os.path.join(work, name + ".json"), encoding="utf-8") as f:
            findings[name] = json.load(f)["findings"]
    reported = {(name, f["file"], str(f["line"]), f["id"]) for name in names for f in findings[name]}
    rules = sorted({f["id"] for name in names for f in findings[name]} | {key[3] for key in before})
    after = []
    for rule in rules:
        rows = []
        for name in names:
            mine = sorted((f for f in findings[name] if f["id"] == rule), key=lambda f: (f["file"], f["line"]))
            rows += [(index, (name, f["file"], str(f["line"]), rule)) for index, f in enumerate(mine)]
        rows.sort(key=lambda row: row[0])  # stable: libraries keep their order within a turn
        after += [key for _, key in rows[:20]]

    def count(sample, group):
        table = defaultdict(lambda: defaultdict(int))
        for key in sample:
            table[group(key)][verdicts.get(key, "not checked")] += 1
        return table

    def cell(row):
        judged = row["right"] + row["noise"] + row["false positive"]
        if judged == 0:
            return "-" if row["not checked"] == 0 else f"{row['not checked']} not checked"
        text = f"{row['right']}/{judged} ({100 * row['right'] / judged:.0f}%)"
        return text + (f", {row['not checked']} not checked" if row["not checked"] else "")

    right_before = [key for key in before if verdicts.get(key) == "right"]
    kept = [key for key in right_before if key in reported]
    print("| | Before: right / judged | After: right / judged |")
    print("|---|---:|---:|")
    before_all, after_all = count(before, lambda k: "all"), count(after, lambda k: "all")
    print(f"| **all sampled findings** | {cell(before_all['all'])} | {cell(after_all['all'])} |")
    for index, (title, group, keys) in enumerate((("Rule", lambda k: k[3], rules), ("Library", lambda k: k[0], names))):
        if index:
            print()
            print(f"| {title} | Before: right / judged | After: right / judged |")
            print("|---|---:|---:|")
        b, a = count(before, group), count(after, group)
        for key in keys:
            if b[key] or a[key]:
                print(f"| {key} | {cell(b[key])} | {cell(a[key])} |")
    print()
    print(f"Right findings of the 'before' sample still reported: {len(kept)} of {len(right_before)}"
          + ("" if len(kept) == len(right_before) else
             " (no longer reported: " + ", ".join(f"{k[0]} `{k[1]}:{k[2]}` {k[3]}" for k in right_before if k not in reported) + ")") + ".")
    gone = [key for key in before if key not in reported and verdicts.get(key) in ("noise", "false positive")]
    by_rule = defaultdict(int)
    for key in gone:
        by_rule[key[3]] += 1
    print(f"Noise and false positives of the 'before' sample no longer reported: {len(gone)}"
          + (" (" + ", ".join(f"{rule} {n}" for rule, n in sorted(by_rule.items())) + ")" if gone else "") + ".")
    print_noise(after, verdicts, reasons)


# The class of a noise verdict, read from the start of its reason (the judges name the frequency first).
NOISE_CLASSES = (
    ("once per", "runs once per stream, connection, archive, configuration, process or type: a frequency syntax cannot see"),
    ("cold", "cold: only other types' static initializers or cache builds reach it"),
    ("test fake", "a test double shipped in the library"),
    ("failure path", "a failure path behind a condition (no throw, no error state)"),
    ("debug", "debug or log text outside ToString and [DebuggerDisplay]"),
    ("never runs", "dead or obsolete code"),
    ("only reached through the [obsolete]", "dead or obsolete code"),
    ("changes no generated code", "the rewrite changes no generated code"),
)


def noise_class(reason):
    text = reason.lower()
    for prefix, name in NOISE_CLASSES:
        if text.startswith(prefix):
            return name
    return "other"


def print_noise(after, verdicts, reasons):
    noise = [key for key in after if verdicts.get(key) in ("noise", "false positive")]
    if not noise:
        return
    classes = defaultdict(lambda: defaultdict(int))
    for key in noise:
        classes[noise_class(reasons[key]) if verdicts[key] == "noise" else "false positive"][key[3]] += 1
    judged = sum(1 for key in after if key in verdicts)
    print()
    print(f"What the 'after' sample's {len(noise)} findings that are not right are, by class (share of the {judged} judged):")
    print()
    print("| Class | Findings | Share | Rules |")
    print("|---|---:|---:|---|")
    for name, rules in sorted(classes.items(), key=lambda item: -sum(item[1].values())):
        count = sum(rules.values())
        print(f"| {name} | {count} | {100 * count / judged:.0f}% | " + ", ".join(f"{rule} {n}" for rule, n in sorted(rules.items())) + " |")


if __name__ == "__main__":
    main()
