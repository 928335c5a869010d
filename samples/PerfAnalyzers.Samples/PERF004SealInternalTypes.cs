namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF004: <see cref="PriceRule"/> is internal and nothing in the assembly derives from it, so it can be sealed; its
/// virtual call, type checks and casts then get cheaper. Reported at compilation end (Info by default; the samples'
/// .editorconfig raises it to a warning).
/// </summary>
public static class PERF004SealInternalTypes
{
    public static object TenPercentOff() => new PriceRule(0.9m);

    public static decimal Total(decimal amount, object rule) =>
        rule is PriceRule priceRule ? priceRule.Apply(amount) : amount;
}

internal class PriceRule
{
    private readonly decimal _factor;

    public PriceRule(decimal factor) => _factor = factor;

    public virtual decimal Apply(decimal amount) => amount * _factor;
}
