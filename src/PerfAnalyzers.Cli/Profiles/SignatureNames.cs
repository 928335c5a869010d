using System.Collections.Immutable;
using System.Linq;
using System.Reflection.Metadata;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>
/// Parameter types as documentation-comment ids write them: <c>System.Int32</c>, <c>N.Outer.Inner</c>,
/// <c>System.Collections.Generic.List{System.String}</c>, <c>`0</c> (a type's type parameter), <c>``0</c> (a method's),
/// <c>System.Int32[]</c>, <c>System.Int32[0:,0:]</c>, <c>System.Int32@</c> (ref, in, out), <c>System.Byte*</c>; custom
/// modifiers are not written, as Roslyn does not write them.
/// </summary>
internal sealed class SignatureNames : ISignatureTypeProvider<string, object?>
{
    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => "System." + typeCode switch
    {
        PrimitiveTypeCode.IntPtr => "IntPtr",
        PrimitiveTypeCode.UIntPtr => "UIntPtr",
        _ => typeCode.ToString(),
    };

    public string GetTypeFromDefinition(MetadataReader metadata, TypeDefinitionHandle handle, byte rawTypeKind)
    {
        var type = metadata.GetTypeDefinition(handle);
        var name = metadata.GetString(type.Name);
        var declaring = type.GetDeclaringType();
        return declaring.IsNil
            ? Qualified(metadata.GetString(type.Namespace), name)
            : GetTypeFromDefinition(metadata, declaring, rawTypeKind) + "." + name;
    }

    public string GetTypeFromReference(MetadataReader metadata, TypeReferenceHandle handle, byte rawTypeKind)
    {
        var type = metadata.GetTypeReference(handle);
        var name = metadata.GetString(type.Name);
        return type.ResolutionScope.Kind == HandleKind.TypeReference
            ? GetTypeFromReference(metadata, (TypeReferenceHandle)type.ResolutionScope, rawTypeKind) + "." + name
            : Qualified(metadata.GetString(type.Namespace), name);
    }

    public string GetTypeFromSpecification(MetadataReader metadata, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        metadata.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    /// <summary><c>N.Outer`1.Inner`1</c> with (T, U) is <c>N.Outer{T}.Inner{U}</c>: each level takes as many arguments as its arity.</summary>
    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments)
    {
        var used = 0;
        var parts = genericType.Split('.').Select(part =>
        {
            var tick = part.IndexOf('`');
            if (tick < 0 || !int.TryParse(part.Substring(tick + 1), out var arity))
            {
                return part;
            }

            var arguments = typeArguments.Skip(used).Take(arity);
            used += arity;
            return part.Substring(0, tick) + "{" + string.Join(",", arguments) + "}";
        });
        return string.Join(".", parts);
    }

    public string GetSZArrayType(string elementType) => elementType + "[]";

    public string GetArrayType(string elementType, ArrayShape shape) =>
        elementType + "[" + string.Join(",", Enumerable.Range(0, shape.Rank).Select(i =>
            (i < shape.LowerBounds.Length ? shape.LowerBounds[i].ToString(System.Globalization.CultureInfo.InvariantCulture) : "0") + ":" +
            (i < shape.Sizes.Length ? shape.Sizes[i].ToString(System.Globalization.CultureInfo.InvariantCulture) : ""))) + "]";

    public string GetByReferenceType(string elementType) => elementType + "@";

    public string GetPointerType(string elementType) => elementType + "*";

    public string GetPinnedType(string elementType) => elementType;

    public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

    public string GetGenericTypeParameter(object? genericContext, int index) => "`" + index;

    public string GetGenericMethodParameter(object? genericContext, int index) => "``" + index;

    public string GetFunctionPointerType(MethodSignature<string> signature) =>
        "=FUNC:" + signature.ReturnType + "(" + string.Join(",", signature.ParameterTypes) + ")";

    private static string Qualified(string ns, string name) => ns.Length > 0 ? ns + "." + name : name;
}
