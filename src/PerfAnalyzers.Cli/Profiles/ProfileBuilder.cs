using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>
/// Sums samples per source method, from traces and from profiles, and writes the profile file (schema:
/// docs/profiles.md). Merging adds sample counts, so that each run weighs by the samples it took: a profile of many
/// runs, or of a fleet of machines, is one file.
/// </summary>
public sealed class ProfileBuilder
{
    private sealed class Counts
    {
        public long Inclusive;
        public long Exclusive;
        public long Allocated;
    }

    private readonly Dictionary<(string Id, bool NameOnly), Counts> _methods = new();
    private readonly HashSet<string> _assemblies = new(StringComparer.OrdinalIgnoreCase);
    private readonly List<ProfileSource> _sources = new();
    private bool _inliningKnownOff = true;

    public long Samples { get; private set; }

    public long AttributedSamples { get; private set; }

    public long AllocatedBytes { get; private set; }

    public int MethodCount => _methods.Count;

    /// <summary>The assemblies whose every method is listed.</summary>
    public IEnumerable<string> Assemblies => _assemblies.OrderBy(a => a, StringComparer.OrdinalIgnoreCase);

    public IReadOnlyList<ProfileSource> Sources => _sources;

    /// <summary>An assembly whose every source method goes into the profile (a method no sample reached is "cold", not "unknown").</summary>
    public void AddAssembly(AssemblyMethods assembly)
    {
        _assemblies.Add(assembly.Name);
        foreach (var id in assembly.SourceMethods)
        {
            Get(id, nameOnly: false);
        }
    }

    public void AddSample(IEnumerable<MethodTarget> stack, MethodTarget? innermost)
    {
        Samples++;
        if (innermost is null)
        {
            return;
        }

        AttributedSamples++;
        Get(innermost.Id, innermost.NameOnly).Exclusive++;
        foreach (var target in stack.Distinct())
        {
            Get(target.Id, target.NameOnly).Inclusive++;
        }
    }

    public void AddAllocation(MethodTarget? innermost, long bytes)
    {
        AllocatedBytes += bytes;
        if (innermost is not null)
        {
            Get(innermost.Id, innermost.NameOnly).Allocated += bytes;
        }
    }

    /// <summary>Closes one trace: its totals become a source of the profile.</summary>
    public void EndSource(string name, long samples, long attributed, bool inliningOff)
    {
        _sources.Add(new ProfileSource(name, samples, attributed));
        _inliningKnownOff &= inliningOff;
    }

    /// <summary>Adds a whole profile (a file written before).</summary>
    public void Add(Profile profile)
    {
        Samples += profile.Samples;
        AttributedSamples += profile.AttributedSamples;
        AllocatedBytes += profile.AllocatedBytes;
        _inliningKnownOff &= profile.InliningDisabled;
        foreach (var assembly in profile.Assemblies)
        {
            _assemblies.Add(assembly);
        }

        foreach (var method in profile.Methods)
        {
            var counts = Get(method.Id, method.NameOnly);
            counts.Inclusive += method.InclusiveSamples;
            counts.Exclusive += method.ExclusiveSamples;
            counts.Allocated += method.AllocatedBytes;
        }

        _sources.AddRange(profile.Sources);
    }

    public Profile Build() => Profile.Parse(ToJson());

    public string ToJson()
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
        {
            json.WriteStartObject();
            json.WriteString("format", Profile.FormatName);
            json.WriteNumber("version", Profile.CurrentVersion);
            json.WriteNumber("samples", Samples);
            json.WriteNumber("attributedSamples", AttributedSamples);
            json.WriteNumber("allocatedBytes", AllocatedBytes);
            json.WriteBoolean("inliningDisabled", _inliningKnownOff && _sources.Count > 0);
            json.WriteStartArray("sources");
            foreach (var source in _sources)
            {
                json.WriteStartObject();
                json.WriteString("name", source.Name);
                json.WriteNumber("samples", source.Samples);
                json.WriteNumber("attributedSamples", source.AttributedSamples);
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteStartArray("assemblies");
            foreach (var assembly in _assemblies.OrderBy(a => a, StringComparer.OrdinalIgnoreCase))
            {
                json.WriteStringValue(assembly);
            }

            json.WriteEndArray();
            json.WriteStartArray("methods");
            // Hottest first, so that the file reads as a profile; the unsampled ones by id.
            foreach (var (key, counts) in _methods.OrderByDescending(m => m.Value.Exclusive).ThenByDescending(m => m.Value.Inclusive).ThenBy(m => m.Key.Id, StringComparer.Ordinal))
            {
                json.WriteStartObject();
                json.WriteString("id", key.Id);
                if (key.NameOnly)
                {
                    json.WriteBoolean("nameOnly", true);
                }

                json.WriteNumber("inclusiveSamples", counts.Inclusive);
                json.WriteNumber("exclusiveSamples", counts.Exclusive);
                json.WriteNumber("allocatedBytes", counts.Allocated);
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray()) + "\n";
    }

    private Counts Get(string id, bool nameOnly)
    {
        if (!_methods.TryGetValue((id, nameOnly), out var counts))
        {
            _methods[(id, nameOnly)] = counts = new Counts();
        }

        return counts;
    }
}
