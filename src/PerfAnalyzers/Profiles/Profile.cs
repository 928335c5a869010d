using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Profiles;

/// <summary>
/// A profile of a real run (<c>perf-profile.json</c>, written by <c>perfanalyzers profile</c>, schema in
/// docs/profiles.md): for each method of the profiled assemblies, by its documentation-comment id, the CPU samples
/// that had it on the stack (inclusive), the samples whose innermost frame of profiled code it was (exclusive: its own
/// code and the library code it called), and the bytes its allocations sampled. Methods of a profiled assembly that no
/// sample reached are listed with zero: that is what tells "cold" from "unknown" (a method the profile has never seen:
/// new or renamed code is never called cold).
/// </summary>
public sealed class Profile
{
    public const string FormatName = "perfanalyzers-profile";
    public const int CurrentVersion = 1;

    private readonly Dictionary<string, ProfileMethod> _methods;
    private readonly Dictionary<string, ProfileMethod> _byName;

    public Profile(long samples, long attributedSamples, long allocatedBytes, bool inliningDisabled, IEnumerable<string> assemblies, IEnumerable<ProfileMethod> methods, IEnumerable<ProfileSource> sources)
    {
        Samples = samples;
        AttributedSamples = attributedSamples;
        AllocatedBytes = allocatedBytes;
        InliningDisabled = inliningDisabled;
        Assemblies = assemblies.Distinct(StringComparer.OrdinalIgnoreCase).OrderBy(a => a, StringComparer.OrdinalIgnoreCase).ToImmutableArray();
        Sources = sources.ToImmutableArray();
        _methods = new Dictionary<string, ProfileMethod>(StringComparer.Ordinal);
        _byName = new Dictionary<string, ProfileMethod>(StringComparer.Ordinal);
        foreach (var method in methods)
        {
            var table = method.NameOnly ? _byName : _methods;
            table[method.Id] = table.TryGetValue(method.Id, out var existing) ? existing.Add(method) : method;
        }
    }

    /// <summary>CPU samples in the profile (threads running managed code), over every source merged into it.</summary>
    public long Samples { get; }

    /// <summary>Samples with at least one frame in a profiled assembly.</summary>
    public long AttributedSamples { get; }

    public long AllocatedBytes { get; }

    /// <summary>Whether every run behind the profile had the JIT's inlining off (<c>DOTNET_JitNoInline=1</c>).</summary>
    public bool InliningDisabled { get; }

    /// <summary>The assemblies whose methods the profile lists, every one of them, sampled or not (simple names).</summary>
    public ImmutableArray<string> Assemblies { get; }

    public ImmutableArray<ProfileSource> Sources { get; }

    /// <summary>Every method entry: the exact ones, then those known only by name (see <see cref="ProfileMethod.NameOnly"/>).</summary>
    public IEnumerable<ProfileMethod> Methods => _methods.Values.Concat(_byName.Values);

    public bool Covers(IAssemblySymbol assembly) => Assemblies.Contains(assembly.Name, StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// What the profile says of code in <paramref name="member"/> (a method, accessor, constructor or operator; a lambda
    /// or local function counts as the member it is written in; a field or property initializer as the constructors
    /// that run it; a type as its hottest method).
    /// </summary>
    public ProfileVerdict Lookup(ISymbol? member, double thresholdPercent)
    {
        member = ProfileMembers.Owner(member);
        if (member is null || !Covers(member.ContainingAssembly))
        {
            return ProfileVerdict.Unknown(member);
        }

        ProfileMethod? best = null;
        foreach (var method in ProfileMembers.Methods(member))
        {
            if (Find(method) is { } found && (best is null || found.ExclusiveSamples > best.ExclusiveSamples))
            {
                best = found;
            }
        }

        if (best is null)
        {
            return ProfileVerdict.Unknown(member);
        }

        var share = Share(best.ExclusiveSamples);
        return new ProfileVerdict(
            share >= thresholdPercent && best.ExclusiveSamples > 0 ? ProfileHeat.Hot : ProfileHeat.Cold,
            share,
            Share(best.InclusiveSamples),
            best.AllocatedBytes,
            best.Id);
    }

    public double Share(long samples) => Samples == 0 ? 0 : 100.0 * samples / Samples;

    private ProfileMethod? Find(IMethodSymbol method)
    {
        var id = method.GetDocumentationCommentId();
        if (id is null)
        {
            return null;
        }

        _methods.TryGetValue(id, out var exact);
        var paren = id.IndexOf('(');
        var name = paren < 0 ? id : id.Substring(0, paren);
        return _byName.TryGetValue(name, out var byName) ? (exact?.Add(byName) ?? byName.WithId(id)) : exact;
    }

    /// <summary>Reads a profile; throws <see cref="FormatException"/> with one line that says what is wrong.</summary>
    public static Profile Parse(string text)
    {
        if (ProfileJson.Parse(text) is not Dictionary<string, object?> root)
        {
            throw new FormatException("not a PerfAnalyzers profile (the document is not a JSON object)");
        }

        if (!root.TryGetValue("format", out var format) || format as string != FormatName)
        {
            throw new FormatException($"not a PerfAnalyzers profile (no \"format\": \"{FormatName}\")");
        }

        var version = Number(root, "version");
        if (version is < 1 or > CurrentVersion)
        {
            throw new FormatException($"profile version {version.ToString(CultureInfo.InvariantCulture)} is not supported (this version reads 1 to {CurrentVersion})");
        }

        var methods = new List<ProfileMethod>();
        foreach (var item in List(root, "methods"))
        {
            if (item is Dictionary<string, object?> entry && entry.TryGetValue("id", out var id) && id is string text1 && text1.Length > 2)
            {
                methods.Add(new ProfileMethod(
                    text1,
                    (long)Number(entry, "inclusiveSamples"),
                    (long)Number(entry, "exclusiveSamples"),
                    (long)Number(entry, "allocatedBytes"),
                    entry.TryGetValue("nameOnly", out var nameOnly) && nameOnly is true));
            }
            else
            {
                throw new FormatException("a method entry without an \"id\"");
            }
        }

        var sources = List(root, "sources").OfType<Dictionary<string, object?>>()
            .Select(s => new ProfileSource(s.TryGetValue("name", out var n) ? n as string ?? "" : "", (long)Number(s, "samples"), (long)Number(s, "attributedSamples")));

        return new Profile(
            (long)Number(root, "samples"),
            (long)Number(root, "attributedSamples"),
            (long)Number(root, "allocatedBytes"),
            root.TryGetValue("inliningDisabled", out var inlining) && inlining is true,
            List(root, "assemblies").OfType<string>(),
            methods,
            sources);
    }

    private static double Number(Dictionary<string, object?> entry, string name) =>
        entry.TryGetValue(name, out var value) && value is double number ? number : 0;

    private static List<object?> List(Dictionary<string, object?> entry, string name) =>
        entry.TryGetValue(name, out var value) && value is List<object?> list ? list : new List<object?>();
}

/// <summary>One method of a profile. <see cref="NameOnly"/>: code the compiler generated for one of several overloads of
/// this name (a lambda, a local function), which the trace cannot tell apart; <see cref="Id"/> is then the id without its
/// parameter list, and the samples count for every overload.</summary>
public sealed class ProfileMethod
{
    public ProfileMethod(string id, long inclusiveSamples, long exclusiveSamples, long allocatedBytes, bool nameOnly = false)
    {
        Id = id;
        InclusiveSamples = inclusiveSamples;
        ExclusiveSamples = exclusiveSamples;
        AllocatedBytes = allocatedBytes;
        NameOnly = nameOnly;
    }

    public string Id { get; }

    public long InclusiveSamples { get; }

    public long ExclusiveSamples { get; }

    public long AllocatedBytes { get; }

    public bool NameOnly { get; }

    public ProfileMethod Add(ProfileMethod other) =>
        new(Id, InclusiveSamples + other.InclusiveSamples, ExclusiveSamples + other.ExclusiveSamples, AllocatedBytes + other.AllocatedBytes, NameOnly);

    public ProfileMethod WithId(string id) => new(id, InclusiveSamples, ExclusiveSamples, AllocatedBytes);
}

/// <summary>A trace or profile merged into this one.</summary>
public sealed class ProfileSource
{
    public ProfileSource(string name, long samples, long attributedSamples)
    {
        Name = name;
        Samples = samples;
        AttributedSamples = attributedSamples;
    }

    public string Name { get; }

    public long Samples { get; }

    public long AttributedSamples { get; }
}

public enum ProfileHeat
{
    /// <summary>The member is not in the profile: new or renamed code, or an assembly the profile does not cover.</summary>
    Unknown,

    /// <summary>In the profile, below the threshold (never sampled, or too rarely).</summary>
    Cold,

    Hot,
}

/// <summary>What a profile says of one finding's member.</summary>
public sealed class ProfileVerdict
{
    private readonly string? _label;

    public ProfileVerdict(ProfileHeat heat, double sharePercent, double inclusivePercent, long allocatedBytes, string? methodId, string? label = null)
    {
        _label = label;
        Heat = heat;
        SharePercent = sharePercent;
        InclusivePercent = inclusivePercent;
        AllocatedBytes = allocatedBytes;
        MethodId = methodId;
    }

    public ProfileHeat Heat { get; }

    /// <summary>The method's exclusive share of the samples (its own code and the library code it calls), in percent.</summary>
    public double SharePercent { get; }

    public double InclusivePercent { get; }

    public long AllocatedBytes { get; }

    /// <summary>The documentation-comment id of the method the verdict was read from.</summary>
    public string? MethodId { get; }

    public static ProfileVerdict Unknown(ISymbol? member) => new(ProfileHeat.Unknown, 0, 0, 0, member?.GetDocumentationCommentId());

    /// <summary>0–100, for SARIF's <c>rank</c>: the share of samples on a square-root scale, so that 1% reads 10 and 25% reads 50; unknown is 50.</summary>
    public double Rank => Heat == ProfileHeat.Unknown ? 50 : Math.Round(Math.Min(100, 10 * Math.Sqrt(SharePercent)), 1);

    /// <summary>The label a finding carries: <c>hot: 12.3% of samples, 40 MB allocated</c>, <c>cold: not sampled</c>, <c>unknown: not in the profile</c>.</summary>
    public string Label => _label ?? Heat switch
    {
        ProfileHeat.Hot => "hot: " + Percent(SharePercent) + " of samples" + Allocated,
        ProfileHeat.Cold when SharePercent == 0 && InclusivePercent == 0 => "cold: not sampled",
        ProfileHeat.Cold => "cold: " + Percent(SharePercent) + " of samples" + Allocated,
        _ => "unknown: not in the profile",
    };

    private string Allocated => AllocatedBytes <= 0 ? string.Empty : ", " + Bytes(AllocatedBytes) + " allocated";

    private static string Percent(double value) =>
        (value >= 10 ? value.ToString("0.0", CultureInfo.InvariantCulture) : value >= 0.1 ? value.ToString("0.0#", CultureInfo.InvariantCulture) : value.ToString("0.0##", CultureInfo.InvariantCulture)) + "%";

    private static string Bytes(long bytes) =>
        bytes >= 1 << 20 ? (bytes / 1048576.0).ToString("0.#", CultureInfo.InvariantCulture) + " MB"
        : bytes >= 1 << 10 ? (bytes / 1024.0).ToString("0.#", CultureInfo.InvariantCulture) + " KB"
        : bytes.ToString(CultureInfo.InvariantCulture) + " B";
}
