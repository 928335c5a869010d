using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF013: an explicit static constructor that only assigns the type's own static fields, once each, from values
/// whose computation has no side effects worth ordering. Written as field initializers instead, the type is marked
/// <c>beforefieldinit</c> and the JIT need not keep class-initialization checks. See docs/rules/PERF013.md.
/// </summary>
public sealed class PERF013InitializeStaticFieldsInlineAnalyzer : PerfAnalyzer
{

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF013.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Measured: no difference on .NET 10 (tiered or not); Mono 6.8 pays a check per call. The runtime removed its
        // own explicit static constructors in the .NET Core 3.0 cycle; silent from .NET Core 3.0 and for unknown targets.
        if (!compilation.TargetFramework.IsBeforeNetCore(3, 0))
        {
            return;
        }

        // Resolved at the first operation block (PerfCompilation.Later).
        var disposable = compilation.Later(() => compilation.Compilation.GetSpecialType(SpecialType.System_IDisposable));
        context.RegisterOperationBlockAction(c => Analyze(c, disposable.Value));
    }

    private static void Analyze(OperationBlockAnalysisContext context, INamedTypeSymbol disposable)
    {
        if (context.OwningSymbol is not IMethodSymbol { MethodKind: MethodKind.StaticConstructor } constructor ||
            constructor.ContainingType is not { TypeKind: TypeKind.Class or TypeKind.Struct } type ||
            type.DeclaringSyntaxReferences.Length != 1 ||
            constructor.DeclaringSyntaxReferences.Length != 1 ||
            constructor.DeclaringSyntaxReferences[0].GetSyntax(context.CancellationToken) is not ConstructorDeclarationSyntax syntax ||
            syntax.ContainsDirectives ||
            Body(context.OperationBlocks) is not { } body ||
            IsExcluded(context, type, syntax.SyntaxTree))
        {
            return;
        }

        // Every statement: StaticField = value; each field of this type, once, with no initializer of its own.
        var assignments = new List<(IFieldSymbol Field, IOperation Value, int Position)>();
        foreach (var statement in body.Operations)
        {
            if (statement is IReturnOperation { IsImplicit: true, ReturnedValue: null })
            {
                continue;
            }

            if (statement is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: IFieldReferenceOperation { Instance: null, Field: var field }, Value: var value } } ||
                !SymbolEqualityComparer.Default.Equals(field.ContainingType, type) ||
                field.IsConst ||
                Declarator(field, context.CancellationToken) is not { Initializer: null } declarator ||
                assignments.Exists(a => SymbolEqualityComparer.Default.Equals(a.Field, field)))
            {
                return;
            }

            assignments.Add((field, value, declarator.SpanStart));
        }

        if (assignments.Count == 0)
        {
            // An empty static constructor is the idiom that keeps a type's initialization lazy: not flagged.
            return;
        }

        var fixable = true;
        for (var i = 0; i < assignments.Count; i++)
        {
            var (field, value, position) = assignments[i];
            var later = new HashSet<IFieldSymbol>(SymbolEqualityComparer.Default);
            for (var j = i; j < assignments.Count; j++)
            {
                later.Add(assignments[j].Field);
            }

            var check = new ValueCheck(type, disposable, later, position, context.CancellationToken);
            if (!check.IsAllowed(value))
            {
                return;
            }

            // Initializers run in the fields' textual order: the fix keeps the assignments' order only if it is the same,
            // and only if every field of this type that a value reads is declared before the field it initializes.
            fixable &= check.ReadsOnlyEarlierFields && (i == 0 || assignments[i - 1].Position < position);
        }

        // Other static initializers ran before the constructor and saw the fields' defaults; once the values move into
        // initializers, a later initializer reading one of those fields would see the new value. No fix then.
        fixable &= !InitializersRead(type, assignments, context.CancellationToken);

        var properties = DiagnosticProperties.WithFixable(fixable);
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF013.Descriptor,
            syntax.Identifier.GetLocation(),
            properties,
            type.Name), context.OwningSymbol.ContainingType, context.Compilation, context.Options);
    }

    private static bool InitializersRead(INamedTypeSymbol type, List<(IFieldSymbol Field, IOperation Value, int Position)> assignments, System.Threading.CancellationToken cancellationToken)
    {
        if (type.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not TypeDeclarationSyntax declaration)
        {
            return true;
        }

        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var assignment in assignments)
        {
            names.Add(assignment.Field.Name);
        }

        foreach (var member in declaration.Members)
        {
            SyntaxNode? initializer = member switch
            {
                FieldDeclarationSyntax field => field.Declaration,
                PropertyDeclarationSyntax property => property.Initializer,
                _ => null,
            };
            if (initializer is null)
            {
                continue;
            }

            foreach (var node in initializer.DescendantNodes())
            {
                if (node is IdentifierNameSyntax identifier && names.Contains(identifier.Identifier.ValueText))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static IBlockOperation? Body(ImmutableArray<IOperation> blocks)
    {
        foreach (var block in blocks)
        {
            if (block is IConstructorBodyOperation constructorBody)
            {
                return constructorBody.BlockBody ?? constructorBody.ExpressionBody;
            }

            if (block is IBlockOperation plain)
            {
                return plain;
            }
        }

        return null;
    }

    private static VariableDeclaratorSyntax? Declarator(IFieldSymbol field, System.Threading.CancellationToken cancellationToken) =>
        field.DeclaringSyntaxReferences.Length == 1 ? field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) as VariableDeclaratorSyntax : null;

    private static bool IsExcluded(OperationBlockAnalysisContext context, INamedTypeSymbol type, SyntaxTree tree)
    {
        var excluded = Rules.PERF013.ExcludedTypes.Read(context.Options, tree);
        return excluded.Contains(type.ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat)) || excluded.Contains(type.Name);
    }

    /// <summary>
    /// What a moved value may compute: constants, <c>typeof</c>, <c>default</c>, lambdas, reads of fields and of other
    /// types' properties, creations of types that are not <c>IDisposable</c> (with allowed arguments and initializers),
    /// and built-in conversions and operators on those. Any call, and any read of a static field of this type that is
    /// assigned at or after this point of the constructor, is not allowed.
    /// </summary>
    private sealed class ValueCheck
    {
        private readonly INamedTypeSymbol _type;
        private readonly INamedTypeSymbol _disposable;
        private readonly HashSet<IFieldSymbol> _assignedLater;
        private readonly int _targetPosition;
        private readonly System.Threading.CancellationToken _cancellationToken;

        public ValueCheck(INamedTypeSymbol type, INamedTypeSymbol disposable, HashSet<IFieldSymbol> assignedLater, int targetPosition, System.Threading.CancellationToken cancellationToken)
        {
            _type = type;
            _disposable = disposable;
            _assignedLater = assignedLater;
            _targetPosition = targetPosition;
            _cancellationToken = cancellationToken;
        }

        /// <summary>False when the value reads a static field of this type declared after the field it initializes.</summary>
        public bool ReadsOnlyEarlierFields { get; private set; } = true;

        public bool IsAllowed(IOperation? operation)
        {
            _cancellationToken.ThrowIfCancellationRequested();
            switch (operation)
            {
                case null:
                    return false;
                case { ConstantValue.HasValue: true }:
                case ITypeOfOperation:
                case IDefaultValueOperation:
                case IAnonymousFunctionOperation:
                    return true;
                case IDelegateCreationOperation creation:
                    return creation.Target is IAnonymousFunctionOperation or IMethodReferenceOperation { Instance: null };
                case IFieldReferenceOperation field:
                    if (field.Field.IsStatic && SymbolEqualityComparer.Default.Equals(field.Field.ContainingType, _type))
                    {
                        if (_assignedLater.Contains(field.Field))
                        {
                            return false;
                        }

                        ReadsOnlyEarlierFields &= Declarator(field.Field, _cancellationToken) is { } declarator && declarator.SpanStart < _targetPosition;
                    }

                    return field.Instance is null || IsAllowed(field.Instance);
                case IPropertyReferenceOperation property:
                    return property.Arguments.IsEmpty &&
                           !SymbolEqualityComparer.Default.Equals(property.Property.ContainingType, _type) &&
                           (property.Instance is null || IsAllowed(property.Instance));
                case IObjectCreationOperation creation:
                    return creation.Type is not null &&
                           !Implements(creation.Type, _disposable) &&
                           AllAllowed(creation.Arguments) &&
                           (creation.Initializer is null || InitializerAllowed(creation.Initializer));
                case IArrayCreationOperation array:
                    foreach (var size in array.DimensionSizes)
                    {
                        if (!IsAllowed(size))
                        {
                            return false;
                        }
                    }

                    return array.Initializer is null || ArrayInitializerAllowed(array.Initializer);
                case IConversionOperation { OperatorMethod: null } conversion:
                    return IsAllowed(conversion.Operand);
                case IBinaryOperation { OperatorMethod: null } binary:
                    return IsAllowed(binary.LeftOperand) && IsAllowed(binary.RightOperand);
                case IUnaryOperation { OperatorMethod: null } unary:
                    return IsAllowed(unary.Operand);
                default:
                    return false;
            }
        }

        private bool AllAllowed(ImmutableArray<IArgumentOperation> arguments)
        {
            foreach (var argument in arguments)
            {
                if (!IsAllowed(argument.Value))
                {
                    return false;
                }
            }

            return true;
        }

        private bool ArrayInitializerAllowed(IArrayInitializerOperation initializer)
        {
            foreach (var element in initializer.ElementValues)
            {
                if (element is IArrayInitializerOperation nested ? !ArrayInitializerAllowed(nested) : !IsAllowed(element))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary><c>{ P = v }</c> member initializers and collection-initializer <c>Add</c> calls with allowed values.</summary>
        private bool InitializerAllowed(IObjectOrCollectionInitializerOperation initializer)
        {
            foreach (var element in initializer.Initializers)
            {
                switch (element)
                {
                    case ISimpleAssignmentOperation { Target: IPropertyReferenceOperation or IFieldReferenceOperation } assignment:
                        if (!IsAllowed(assignment.Value) ||
                            assignment.Target is IPropertyReferenceOperation { Arguments: var indexes } && !AllAllowed(indexes))
                        {
                            return false;
                        }

                        break;
                    case IInvocationOperation { IsImplicit: true, TargetMethod.Name: "Add" } add:
                        if (!AllAllowed(add.Arguments))
                        {
                            return false;
                        }

                        break;
                    default:
                        return false;
                }
            }

            return true;
        }

        private static bool Implements(ITypeSymbol type, INamedTypeSymbol disposable)
        {
            if (SymbolEqualityComparer.Default.Equals(type, disposable))
            {
                return true;
            }

            foreach (var @interface in type.AllInterfaces)
            {
                if (SymbolEqualityComparer.Default.Equals(@interface, disposable))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
