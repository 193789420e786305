/// Reads the `targets:` of a `Package(...)` call by following its brackets, so that a target's own
/// `dependencies:` are told apart from a `.target(name:)` reference inside another target's list.
///
/// It works on two byte-for-byte aligned copies of the manifest: `structure`, where comments and the
/// contents of string literals are blanked (so a bracket or comma inside a string cannot mislead the
/// bracket matching), and `values`, where only comments are blanked (so literals can be read back).
/// Blanking replaces byte for byte, so an offset means the same thing in both copies and in the original.
struct ManifestSyntax {
    private let structure: [UInt8]
    private let values: [UInt8]
    /// Offset of the first byte of each line, for 1-based line numbers.
    private let lineStarts: [Int]
    /// Offset of each opening bracket -> offset of its closing bracket.
    private let closing: [Int: Int]

    init(text: String) {
        structure = Array(SwiftSource.blankingComments(in: text, blankingStrings: true).utf8)
        values = Array(SwiftSource.blankingComments(in: text, blankingStrings: false).utf8)
        var starts = [0]
        for (offset, byte) in structure.enumerated() where byte == Self.newline { starts.append(offset + 1) }
        lineStarts = starts
        var pairs: [Int: Int] = [:]
        var open: [Int] = []
        for (offset, byte) in structure.enumerated() {
            if Self.openers.contains(byte) {
                open.append(offset)
            } else if Self.closers.contains(byte), let start = open.popLast() {
                pairs[start] = offset
            }
        }
        closing = pairs
    }

    /// The targets declared in `Package(..., targets: [...])`; empty when there is no such literal list.
    func targets() -> [Manifest.Target] {
        guard let package = packageArguments(),
            let list = arguments(in: package).first(where: { $0.label == "targets" }),
            let elements = arrayElements(list.value)
        else { return [] }
        return elements.compactMap(target(in:))
    }

    private func target(in element: Range<Int>) -> Manifest.Target? {
        guard let call = call(in: element), let kind = Manifest.Target.Kind(rawValue: call.name) else { return nil }
        let arguments = arguments(in: call.arguments)
        guard let nameArgument = arguments.first(where: { $0.label == "name" }),
            let name = stringLiteral(in: nameArgument.value)
        else { return nil }
        let path = arguments.first(where: { $0.label == "path" }).flatMap { stringLiteral(in: $0.value) }
        let dependencies =
            arguments.first(where: { $0.label == "dependencies" })
            .flatMap { arrayElements($0.value) }?
            .compactMap(dependency(in:)) ?? []
        return Manifest.Target(
            name: name, kind: kind, dependencies: dependencies, path: path,
            line: line(of: nameArgument.value.lowerBound))
    }

    private func dependency(in element: Range<Int>) -> Manifest.TargetDependency? {
        let line = line(of: element.lowerBound)
        if structure[element.lowerBound] == Self.quote, let name = stringLiteral(in: element) {
            return Manifest.TargetDependency(reference: .byName(name), line: line)
        }
        guard let call = call(in: element) else { return nil }
        let arguments = arguments(in: call.arguments)
        func string(_ label: String) -> String? {
            arguments.first(where: { $0.label == label }).flatMap { stringLiteral(in: $0.value) }
        }
        guard let name = string("name") else { return nil }
        switch call.name {
        case "product":
            guard let package = string("package") else { return nil }
            return Manifest.TargetDependency(reference: .product(name: name, package: package), line: line)
        case "target":
            return Manifest.TargetDependency(reference: .target(name), line: line)
        case "byName":
            return Manifest.TargetDependency(reference: .byName(name), line: line)
        default:
            return nil
        }
    }

    // MARK: - Syntax

    /// The inside of the parentheses of the first `Package(` call.
    private func packageArguments() -> Range<Int>? {
        let keyword = Array("Package".utf8)
        var offset = 0
        while offset + keyword.count <= structure.count {
            defer { offset += 1 }
            guard structure[offset..<(offset + keyword.count)].elementsEqual(keyword),
                offset == 0 || !isIdentifierByte(structure[offset - 1])
            else { continue }
            let open = skippingSpaces(from: offset + keyword.count)
            if open < structure.count, structure[open] == Self.openParenthesis, let close = closing[open] {
                return (open + 1)..<close
            }
        }
        return nil
    }

    /// `.name(arguments)` at the start of `element`: the name and the inside of the parentheses.
    private func call(in element: Range<Int>) -> (name: String, arguments: Range<Int>)? {
        guard structure[element.lowerBound] == Self.dot else { return nil }
        let nameEnd = identifierEnd(from: element.lowerBound + 1)
        let open = skippingSpaces(from: nameEnd)
        guard nameEnd > element.lowerBound + 1, open < element.upperBound, structure[open] == Self.openParenthesis,
            let close = closing[open]
        else { return nil }
        return (text(element.lowerBound + 1..<nameEnd), (open + 1)..<close)
    }

    /// The comma-separated arguments inside `range`, each with its label when it has one.
    private func arguments(in range: Range<Int>) -> [(label: String?, value: Range<Int>)] {
        elements(in: range).map { element in
            let labelEnd = identifierEnd(from: element.lowerBound)
            let colon = skippingSpaces(from: labelEnd)
            guard labelEnd > element.lowerBound, colon < element.upperBound, structure[colon] == Self.colon else {
                return (nil, element)
            }
            let valueStart = skippingSpaces(from: colon + 1)
            return (text(element.lowerBound..<labelEnd), valueStart..<max(valueStart, element.upperBound))
        }
    }

    /// The elements of the array literal that `value` starts with, or nil when it is not one.
    private func arrayElements(_ value: Range<Int>) -> [Range<Int>]? {
        guard !value.isEmpty, structure[value.lowerBound] == Self.openBracket, let close = closing[value.lowerBound]
        else { return nil }
        return elements(in: (value.lowerBound + 1)..<close)
    }

    /// `range` split at its top-level commas, each piece trimmed of white space; empty pieces dropped.
    private func elements(in range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = structure[offset]
            if Self.openers.contains(byte), let close = closing[offset], close < range.upperBound {
                offset = close + 1
                continue
            }
            if byte == Self.comma {
                pieces.append(start..<offset)
                start = offset + 1
            }
            offset += 1
        }
        pieces.append(start..<range.upperBound)
        return pieces.compactMap(trimmed)
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int>? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && isSpace(structure[lower]) { lower += 1 }
        while upper > lower && isSpace(structure[upper - 1]) { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    /// The contents of the first string literal in `range`. Its delimiters survive blanking in `structure`
    /// while its contents do not, so the first two quotes found there enclose it.
    private func stringLiteral(in range: Range<Int>) -> String? {
        guard let open = range.first(where: { structure[$0] == Self.quote }),
            let close = ((open + 1)..<range.upperBound).first(where: { structure[$0] == Self.quote })
        else { return nil }
        return String(decoding: values[(open + 1)..<close], as: UTF8.self)
    }

    private func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: structure[range], as: UTF8.self)
    }

    private func skippingSpaces(from offset: Int) -> Int {
        var offset = offset
        while offset < structure.count && isSpace(structure[offset]) { offset += 1 }
        return offset
    }

    private func identifierEnd(from offset: Int) -> Int {
        var offset = offset
        while offset < structure.count && isIdentifierByte(structure[offset]) { offset += 1 }
        return offset
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == Self.space || byte == Self.newline || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static let openers: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")]
    private static let closers: Set<UInt8> = [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")]
    private static let openParenthesis = UInt8(ascii: "(")
    private static let openBracket = UInt8(ascii: "[")
    private static let quote = UInt8(ascii: "\"")
    private static let dot = UInt8(ascii: ".")
    private static let comma = UInt8(ascii: ",")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
}
