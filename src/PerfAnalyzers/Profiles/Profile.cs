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

    // By a 64-bit hash of the id (FNV-1a over its characters), so that reading a profile makes no string per method: the
    // analyzers read it once per compilation (benchmarks/PerfAnalyzers.Benchmarks/Profiles/ProfileReading.cs).
    private readonly Dictionary<ulong, ProfileMethod> _methods = new();
    private readonly Dictionary<ulong, ProfileMethod> _byName = new();
    private readonly List<ProfileMethod>? _entries;

    public Profile(long samples, long attributedSamples, long allocatedBytes, bool inliningDisabled, IEnumerable<string> assemblies, IEnumerable<ProfileMethod> methods, IEnumerable<ProfileSource> sources)
        : this(samples, attributedSamples, allocatedBytes, inliningDisabled, assemblies, sources)
    {
        _entries = new List<ProfileMethod>();
        foreach (var method in methods)
        {
            Add(ProfileJson.Hash(method.Id, 0, method.Id.Length), method);
            _entries.Add(method);
        }
    }

    /// <summary>A profile without its methods' ids (<see cref="Parse(string, bool)"/>): its methods are added by hash.</summary>
    private Profile(long samples, long attributedSamples, long allocatedBytes, bool inliningDisabled, IEnumerable<string> assemblies, IEnumerable<ProfileSource> sources)
    {
        Samples = samples;
        AttributedSamples = attributedSamples;
        AllocatedBytes = allocatedBytes;
        InliningDisabled = inliningDisabled;
        Assemblies = assemblies.Distinct(StringComparer.OrdinalIgnoreCase).OrderBy(a => a, StringComparer.OrdinalIgnoreCase).ToImmutableArray();
        Sources = sources.ToImmutableArray();
    }

    private void Add(ulong hash, ProfileMethod method)
    {
        var table = method.NameOnly ? _byName : _methods;
        table[hash] = table.TryGetValue(hash, out var existing) ? existing.Add(method) : method;
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

    /// <summary>Every method entry as read (see <see cref="ProfileMethod.NameOnly"/>); empty when read without its ids (<see cref="Parse"/>).</summary>
    public IEnumerable<ProfileMethod> Methods => (IEnumerable<ProfileMethod>?)_entries ?? Array.Empty<ProfileMethod>();

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

        _methods.TryGetValue(ProfileJson.Hash(id, 0, id.Length), out var exact);
        var paren = id.IndexOf('(');
        var found = _byName.TryGetValue(ProfileJson.Hash(id, 0, paren < 0 ? id.Length : paren), out var byName) ? (exact?.Add(byName) ?? byName) : exact;
        return found?.WithId(id);
    }

    private static readonly string[] RootNames = { "format", "version", "samples", "attributedSamples", "allocatedBytes", "inliningDisabled", "sources", "assemblies", "methods" };
    private static readonly string[] MethodNames = { "id", "nameOnly", "inclusiveSamples", "exclusiveSamples", "allocatedBytes" };
    private static readonly string[] SourceNames = { "name", "samples", "attributedSamples" };

    /// <summary>
    /// Reads a profile; throws <see cref="FormatException"/> with one line that says what is wrong. One pass, reading
    /// each method straight into its entry (a profile of a library's 3,000 methods reads in about a millisecond).
    /// </summary>
    public static Profile Parse(string text) => Parse(text, keepIds: true);

    /// <summary>Reads a profile; without <paramref name="keepIds"/> no method id is kept as a string (the analyzers only look methods up).</summary>
    public static Profile Parse(string text, bool keepIds)
    {
        var json = new ProfileJson(text);
        if (json.PeekValue() != '{')
        {
            throw new FormatException("not a PerfAnalyzers profile (the document is not a JSON object)");
        }

        string? format = null;
        double version = 0, samples = 0, attributed = 0, allocated = 0;
        var inlining = false;
        var assemblies = new List<string>();
        var methods = new List<(ulong Hash, ProfileMethod Method)>();
        var sources = new List<ProfileSource>();
        json.BeginObject();
        while (json.NextProperty(RootNames) is { } name)
        {
            switch (name)
            {
                case "format" when json.PeekValue() == '"':
                    format = json.ReadString();
                    break;
                case "version":
                    version = json.ReadNumber();
                    break;
                case "samples":
                    samples = json.ReadNumber();
                    break;
                case "attributedSamples":
                    attributed = json.ReadNumber();
                    break;
                case "allocatedBytes":
                    allocated = json.ReadNumber();
                    break;
                case "inliningDisabled":
                    inlining = json.ReadBool();
                    break;
                case "assemblies":
                    json.BeginArray();
                    while (json.NextItem())
                    {
                        assemblies.Add(json.ReadString());
                    }

                    break;
                case "sources":
                    json.BeginArray();
                    while (json.NextItem())
                    {
                        sources.Add(ReadSource(json));
                    }

                    break;
                case "methods":
                    json.BeginArray();
                    while (json.NextItem())
                    {
                        methods.Add(ReadMethod(json, keepIds));
                    }

                    break;
                default:
                    json.Skip();
                    break;
            }
        }

        json.End();
        if (format != FormatName)
        {
            throw new FormatException($"not a PerfAnalyzers profile (no \"format\": \"{FormatName}\")");
        }

        if (version is < 1 or > CurrentVersion)
        {
            throw new FormatException($"profile version {version.ToString(CultureInfo.InvariantCulture)} is not supported (this version reads 1 to {CurrentVersion})");
        }

        if (keepIds)
        {
            return new Profile((long)samples, (long)attributed, (long)allocated, inlining, assemblies, methods.Select(m => m.Method), sources);
        }

        var profile = new Profile((long)samples, (long)attributed, (long)allocated, inlining, assemblies, sources);
        foreach (var (hash, method) in methods)
        {
            profile.Add(hash, method);
        }

        return profile;
    }

    private static (ulong Hash, ProfileMethod Method) ReadMethod(ProfileJson json, bool keepId)
    {
        string? id = null;
        ulong hash = 0;
        var hasId = false;
        double inclusive = 0, exclusive = 0, allocated = 0;
        var nameOnly = false;
        json.BeginObject();
        while (json.NextProperty(MethodNames) is { } name)
        {
            switch (name)
            {
                case "id" when keepId:
                    id = json.ReadString();
                    hash = ProfileJson.Hash(id, 0, id.Length);
                    hasId = id.Length > 2;
                    break;
                case "id":
                    hasId = json.ReadStringHash(out hash) > 2;
                    break;
                case "nameOnly":
                    nameOnly = json.ReadBool();
                    break;
                case "inclusiveSamples":
                    inclusive = json.ReadNumber();
                    break;
                case "exclusiveSamples":
                    exclusive = json.ReadNumber();
                    break;
                case "allocatedBytes":
                    allocated = json.ReadNumber();
                    break;
                default:
                    json.Skip();
                    break;
            }
        }

        return hasId
            ? (hash, new ProfileMethod(id ?? string.Empty, (long)inclusive, (long)exclusive, (long)allocated, nameOnly))
            : throw new FormatException("a method entry without an \"id\"");
    }

    private static ProfileSource ReadSource(ProfileJson json)
    {
        var source = string.Empty;
        double samples = 0, attributed = 0;
        json.BeginObject();
        while (json.NextProperty(SourceNames) is { } name)
        {
            switch (name)
            {
                case "name":
                    source = json.ReadString();
                    break;
                case "samples":
                    samples = json.ReadNumber();
                    break;
                case "attributedSamples":
                    attributed = json.ReadNumber();
                    break;
                default:
                    json.Skip();
                    break;
            }
        }

        return new ProfileSource(source, (long)samples, (long)attributed);
    }
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
