"""Writes docs/real-code-profiles.md from the artifacts of benchmarks/real-code/profile/report (see there)."""
import json
import os
import sys
from collections import Counter

work, verdicts_path, names = sys.argv[1], sys.argv[2], sys.argv[3:]
THRESHOLD = 0.1  # perf_analyzers.profile_threshold's default, in percent of the samples
# The library's own methods (ids), and the benchmark project's, which shares a prefix with SharpZipLib's.
OWN = {"SharpZipLib": ("M:ICSharpCode.SharpZipLib.", ("M:ICSharpCode.SharpZipLib.Benchmark.", "M:ICSharpCode.SharpZipLib.Tests.")),
       "Humanizer": ("M:Humanizer.", ("M:Humanizer.Tests.",))}

verdicts = {}
for line in open(verdicts_path, encoding="utf-8"):
    if line.startswith("#") or not line.strip():
        continue
    library, file, number, rule, verdict, reason = (line.rstrip("\n").split("\t") + [""] * 6)[:6]
    verdicts[(library, file, int(number), rule)] = (verdict, reason)


def pct(part, whole):
    return "–" if whole == 0 else f"{100.0 * part / whole:.0f}%"


out = []
w = out.append
w("# Profile-guided findings on real libraries")
w("")
w("Written by `benchmarks/real-code/profile/report` (never by hand). Each library's own workloads, its BenchmarkDotNet suite")
w("(`--inProcess`) and its test suite, each run in one process under `perfanalyzers profile -- ...` (EventPipe sampling,")
w("inlining off: docs/profiles.md), give a profile each, and the two merge into a third; the library's legs of")
w("[real-code.md](real-code.md) are scanned with each. Every finding is judged by hand with")
w("the strict verdict of issue #31 (`benchmarks/real-code/profile/verdicts.tsv`): *right* = the rewrite changes the")
w("generated code on a path that runs per item in normal use; *noise* = correct, but once per process, stream or")
w("configuration, on failure, or where the rewrite changes no generated code. The verdicts come from reading the code,")
w(f"not from the profile. *Hot* = the finding's method took at least {THRESHOLD}% of the CPU samples with its own code")
w("(`perf_analyzers.profile_threshold`'s default); `hot_only` keeps the hot and the unknown findings.")
w("")

KINDS = {"benchmarks": "its benchmarks", "tests": "its test suite", "both": "both merged"}
summary = []
for name in names:
    lower = name.lower()
    kinds = [k for k in KINDS if os.path.exists(f"{work}/{lower}.{k}.scan.json")]
    kind = kinds[-1]
    profile = json.load(open(f"{work}/{lower}.{kind}.json", encoding="utf-8"))
    scan = json.load(open(f"{work}/{lower}.{kind}.scan.json", encoding="utf-8"))
    prefix, exclude = OWN.get(name, ("M:", None))

    def verdict(f):
        return verdicts.get((name, f["file"], f["line"], f["id"]), ("unjudged", ""))[0]

    commit = open(f"{work}/{lower}.commit").read().strip() if os.path.exists(f"{work}/{lower}.commit") else "?"
    prefix, exclude = OWN.get(name, ("M:", None))
    own = sum(m["exclusiveSamples"] for m in profile["methods"] if m["id"].startswith(prefix) and not (exclude and m["id"].startswith(exclude)))
    samples = profile["samples"]
    findings = scan["findings"]

    def heat(f):
        p = f.get("profile") or {}
        return p.get("heat", "unranked")

    def share(f):
        return (f.get("profile") or {}).get("share") or 0.0

    def verdict(f):
        return verdicts.get((name, f["file"], f["line"], f["id"]), ("unjudged", ""))[0]

    w(f"## {name}")
    w("")
    w(f"Commit `{commit[:12]}`; legs {', '.join(scan['summary'].get('legs') or [])}. Workloads: "
      + ", ".join(f"`benchmarks/real-code/profile/{lower}{'' if k == 'benchmarks' else '-tests'}-workload.sh` ({KINDS[k]})" for k in kinds if k != "both")
      + " (what each runs, and why, is at its top). The figures below are for the profile of " + KINDS[kind] + ".")
    w("")
    if len(kinds) > 1:
        w("| Profile of | CPU samples | Library methods sampled | Hot findings / all | Right among the hot | Right findings hot_only keeps | Right among the sampled | Right findings in sampled methods |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|")
        for k in kinds:
            kp = json.load(open(f"{work}/{lower}.{k}.json", encoding="utf-8"))
            ks = json.load(open(f"{work}/{lower}.{k}.scan.json", encoding="utf-8"))["findings"]
            own_methods = [m for m in kp["methods"] if m["id"].startswith(prefix) and not (exclude and m["id"].startswith(exclude)) and not m.get("nameOnly")]
            kept = [f for f in ks if (f.get("profile") or {}).get("heat", "unranked") in ("hot", "unknown", "unranked")]
            kept_judged = [f for f in kept if verdict(f) in ("right", "noise")]
            right = [f for f in ks if verdict(f) == "right"]
            # The lowest threshold: any sample at all (profile_threshold = 0).
            sampled = [f for f in ks if (f.get("profile") or {}).get("heat", "unranked") in ("unknown", "unranked") or ((f.get("profile") or {}).get("share") or 0) > 0]
            sampled_judged = [f for f in sampled if verdict(f) in ("right", "noise")]
            w(f"| {KINDS[k]} | {kp['samples']:,} | {sum(1 for m in own_methods if m['inclusiveSamples'] > 0):,} of {len(own_methods):,} | {len(kept)} / {len(ks)} | "
              f"{pct(sum(1 for f in kept_judged if verdict(f) == 'right'), len(kept_judged))} | "
              f"{sum(1 for f in kept if verdict(f) == 'right')} of {len(right)} ({pct(sum(1 for f in kept if verdict(f) == 'right'), len(right))}) | "
              f"{pct(sum(1 for f in sampled_judged if verdict(f) == 'right'), len(sampled_judged))} | "
              f"{sum(1 for f in sampled if verdict(f) == 'right')} of {len(right)} ({pct(sum(1 for f in sampled if verdict(f) == 'right'), len(right))}) |")
        w("")
        w("*Hot*: at least 0.1% of the samples (the default threshold); *sampled*: any sample at all (`profile_threshold = 0`).")
        w("")
    w(f"- CPU samples: {samples:,}; attributed to source methods of the program: {profile['attributedSamples']:,} "
      f"({pct(profile['attributedSamples'], samples)}), of which in {name}'s own methods (exclusive): {own:,} ({pct(own, samples)}; "
      f"the rest is the benchmark and test harnesses and the runtime called from them).")
    sampled = sum(1 for m in profile["methods"] if m["inclusiveSamples"] > 0 and not m.get("nameOnly") and m["id"].startswith(prefix) and not (exclude and m["id"].startswith(exclude)))
    listed = sum(1 for m in profile["methods"] if not m.get("nameOnly") and m["id"].startswith(prefix) and not (exclude and m["id"].startswith(exclude)))
    w(f"- {name}'s methods sampled: {sampled:,} of {listed:,}.")
    w("")

    groups = [
        ("all findings", findings),
        ("hot (kept by hot_only)", [f for f in findings if heat(f) in ("hot", "unknown", "unranked")]),
        (f"sampled below {THRESHOLD}%", [f for f in findings if heat(f) == "cold" and share(f) > 0]),
        ("not sampled", [f for f in findings if heat(f) == "cold" and share(f) == 0]),
    ]
    build_file = f"{work}/{lower}.build.txt"
    if os.path.exists(build_file):
        head, *rows = open(build_file).read().split("\n")
        leg, built_with = head.split()
        counts = {r.split()[0]: r.split()[1:] for r in rows if r.strip()}
        if {"none", "rank", "hot_only"} <= counts.keys():
            n, r, h = counts["none"], counts["rank"], counts["hot_only"]
            w(f"- In a real build of the `{leg}` leg (`dotnet build`, the package's props and targets, `<PerfAnalyzersProfile>` = the profile of "
              f"{KINDS[built_with]}; `benchmarks/real-code/profile/build-with-profile`): {n[0]} PERF warnings without a profile; "
              f"`rank`: {r[0]}, labelled {r[1]} hot, {r[2]} cold, {r[3]} unknown; `hot_only`: {h[0]}.")
            w("")
    w("| | Findings | Judged | Right | Noise | Right, % of judged |")
    w("|---|---:|---:|---:|---:|---:|")
    for label, items in groups:
        c = Counter(verdict(f) for f in items)
        judged = c["right"] + c["noise"] + c["false positive"]
        w(f"| {label} | {len(items)} | {judged} | {c['right']} | {c['noise']} | {pct(c['right'], judged)} |")
    right_all = sum(1 for f in findings if verdict(f) == "right")
    right_kept = sum(1 for f in groups[1][1] if verdict(f) == "right")
    w("")
    w(f"`hot_only` keeps {right_kept} of the {right_all} right findings ({pct(right_kept, right_all)}); of what it keeps, "
      f"{pct(right_kept, sum(1 for f in groups[1][1] if verdict(f) in ('right', 'noise')))} is right.")
    hot_noise = [f for f in groups[1][1] if verdict(f) == "noise"]
    hot_judged_no4 = [f for f in groups[1][1] if verdict(f) in ("right", "noise") and f["id"] != "PERF004"]
    w(f"Of the {len(hot_noise)} noise findings among the hot ones, {sum(1 for f in hot_noise if f['id'] == 'PERF004')} are PERF004 "
      f"(a type-level finding ranked by the type's hottest method, though sealing changes no code there); without PERF004, "
      f"{pct(sum(1 for f in hot_judged_no4 if verdict(f) == 'right'), len(hot_judged_no4))} of the hot findings are right. "
      f"Of the right findings hot_only leaves out, {sum(1 for f in groups[3][1] if verdict(f) == 'right')} are in methods the workload never ran.")
    w("")
    by_rule = Counter((f["id"], heat(f) in ("hot", "unknown", "unranked"), verdict(f)) for f in findings)
    w("| Rule | Hot right | Hot noise | Cold right | Cold noise |")
    w("|---|---:|---:|---:|---:|")
    for rule in sorted({f["id"] for f in findings}):
        w(f"| {rule} | {by_rule[(rule, True, 'right')]} | {by_rule[(rule, True, 'noise')]} | {by_rule[(rule, False, 'right')]} | {by_rule[(rule, False, 'noise')]} |")
    w("")
    w("<details><summary>Every finding, hottest first, with its verdict</summary>")
    w("")
    w("| Share of samples | Rule | Location | Verdict | Reason |")
    w("|---:|---|---|---|---|")
    for f in sorted(findings, key=lambda f: (-share(f), f["file"], f["line"])):
        v, reason = verdicts.get((name, f["file"], f["line"], f["id"]), ("unjudged", ""))
        label = (f.get("profile") or {}).get("label", "not ranked")
        w(f"| {label} | {f['id']} | {f['file']}:{f['line']} | {v} | {reason} |")
    w("")
    w("</details>")
    w("")
    summary.append((name, len(groups[1][1]), len(findings), right_kept, right_all,
                    pct(right_kept, sum(1 for f in groups[1][1] if verdict(f) in ("right", "noise"))),
                    pct(right_all, sum(1 for f in findings if verdict(f) in ("right", "noise"))), pct(own, samples)))

w("## Summary")
w("")
w("| Library | Hot findings / all | Right without a profile | Right among the hot | Right findings hot_only keeps | Samples in the library's own code |")
w("|---|---:|---:|---:|---:|---:|")
for name, hot, total, kept, right, precision, base, own in summary:
    w(f"| {name} | {hot} / {total} | {base} | {precision} | {kept} of {right} ({pct(kept, right)}) | {own} |")
w("")
w("Goal (issue #30): hot-only findings at least 95% right while keeping at least 90% of the right ones.")
w("")
w("What stands in the way, as measured above: (1) precision: the noise among hot findings is PERF004, whose finding is")
w("about the calls and type tests made *through* a type, not about the type's own methods, so a profile of the type's")
w("methods cannot rank it; the fix is PERF004 reporting only where sealing changes code (issue #31's impact check).")
w("(2) Recall: a library's own benchmarks run a small part of it (the sampled-methods line of each library), and a right")
w("finding in code the run never executes reads cold. A profile of a program's real workload (production, its load")
w("tests) is what `hot_only` is for; for a library, `rank` orders the backlog without hiding the rest.")
print("\n".join(out))
