using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Crypto</c>, in id order.</summary>
public static partial class Rules
{
    /// <summary>PERF020: see docs/rules/PERF020.md.</summary>
    public static class PERF020
    {
        public const string Id = "PERF020";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF020_UseOneShotCryptography";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use the one-shot cryptography APIs",
            "'{0}' sets up objects for one cryptographic operation on data already in memory; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "From .NET 6, SymmetricAlgorithm's EncryptCbc, DecryptCbc, EncryptEcb, DecryptEcb, EncryptCfb and DecryptCfb encrypt or decrypt a buffer in one call, and Rfc2898DeriveBytes.Pbkdf2 derives a key in one call. A transform, a MemoryStream and a CryptoStream (or a Rfc2898DeriveBytes instance) created for a single operation cost allocations and time that the one-shot methods avoid; with the same key, IV, mode, padding, feedback size, iteration count and hash the bytes are the same.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ (where the one-shot `EncryptCbc`/`DecryptCbc`/… and `Rfc2898DeriveBytes.Pbkdf2` exist)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Crypto.PERF020UseOneShotCryptographyAnalyzer());
    }
}
