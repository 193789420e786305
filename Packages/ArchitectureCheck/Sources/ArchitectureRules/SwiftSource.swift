/// Reads Swift source as plain text, well enough to find imports and manifest entries without a compiler.
///
/// Text matching is what keeps the check fast enough to run on every build. What it would get wrong is
/// text that only looks like code — comments and string literals — so those are blanked out first,
/// keeping every line break so that reported line numbers stay true.
public enum SwiftSource {
    /// One `import` declaration: the top-level module it names and its 1-based line.
    public struct Import: Sendable, Hashable {
        public let module: String
        public let line: Int

        public init(module: String, line: Int) {
            self.module = module
            self.line = line
        }
    }

    /// A `public` or `open` type declared at the top level of a file: its name and 1-based line.
    public struct TypeDeclaration: Sendable, Hashable {
        public let name: String
        public let line: Int

        public init(name: String, line: Int) {
            self.name = name
            self.line = line
        }
    }

    /// What the check reads from one file, from a single pass of the lexer.
    public struct Summary: Sendable, Hashable {
        public let imports: [Import]
        public let publicTypes: [TypeDeclaration]
    }

    /// The imports and public top-level types of `source`, blanking comments and strings only once.
    public static func summary(of source: String) -> Summary {
        let lines = codeLines(of: source)
        return Summary(imports: imports(inCodeLines: lines), publicTypes: publicTypes(inCodeLines: lines))
    }

    /// `source` with every comment (line, block, nested block) replaced by spaces; line breaks are kept.
    /// With `blankingStrings`, the contents of string literals (plain, multi-line, raw) are blanked too,
    /// while code inside string interpolations is kept.
    public static func blankingComments(in source: String, blankingStrings: Bool) -> String {
        var lexer = Lexer(source: Array(source.utf8), blankingStrings: blankingStrings)
        lexer.run()
        return String(decoding: lexer.output, as: UTF8.self)
    }

    /// Every module imported in `source`, in order, ignoring comments and string literals.
    /// Understands attributes (`@testable`, `@preconcurrency`, `@_spi(X)`), access modifiers,
    /// kinded imports (`import struct Foo.Bar` names `Foo`) and several statements on one line.
    public static func imports(in source: String) -> [Import] {
        imports(inCodeLines: codeLines(of: source))
    }

    /// Every `public`/`open` struct, enum, class, actor, protocol or typealias declared at column 0, in
    /// order, ignoring comments and string literals. Column 0 is how a top-level declaration is told from a
    /// nested one without parsing braces: `swift format` indents every nested declaration. Attributes
    /// (`@MainActor`, `@available(…)`) and modifiers (`final`, `indirect`, …) before the keyword are skipped.
    public static func publicTypes(in source: String) -> [TypeDeclaration] {
        publicTypes(inCodeLines: codeLines(of: source))
    }

    private static func codeLines(of source: String) -> [Substring] {
        blankingComments(in: source, blankingStrings: true).split(separator: "\n", omittingEmptySubsequences: false)
    }

    private static func imports(inCodeLines lines: [Substring]) -> [Import] {
        var found: [Import] = []
        for (index, line) in lines.enumerated() {
            for statement in line.split(separator: ";") {
                if let module = importedModule(in: statement) {
                    found.append(Import(module: module, line: index + 1))
                }
            }
        }
        return found
    }

    private static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    private static let importKinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var",
    ]

    private static let typeKeywords: Set<Substring> = [
        "struct", "enum", "class", "actor", "protocol", "typealias",
    ]
    private static let typeModifiers: Set<Substring> = ["final", "indirect", "nonisolated", "distributed"]

    private static func publicTypes(inCodeLines lines: [Substring]) -> [TypeDeclaration] {
        var found: [TypeDeclaration] = []
        for (index, line) in lines.enumerated() {
            guard let first = line.first, first != " ", first != "\t" else { continue }
            if let name = declaredPublicType(in: line) {
                found.append(TypeDeclaration(name: name, line: index + 1))
            }
        }
        return found
    }

    private static func declaredPublicType(in line: Substring) -> String? {
        var tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
        var isPublic = false
        while let token = tokens.first {
            if token.hasPrefix("@") {
                // An attribute; its argument list may hold spaces: skip until its parentheses balance.
                var depth = 0
                while let part = tokens.first {
                    tokens = tokens.dropFirst()
                    depth += part.count(where: { $0 == "(" }) - part.count(where: { $0 == ")" })
                    if depth <= 0 { break }
                }
            } else if token == "public" || token == "open" {
                isPublic = true
                tokens = tokens.dropFirst()
            } else if typeModifiers.contains(token) {
                tokens = tokens.dropFirst()
            } else {
                break
            }
        }
        guard isPublic, let keyword = tokens.first, typeKeywords.contains(keyword),
            let nameToken = tokens.dropFirst().first
        else { return nil }
        let name = nameToken.filter { $0 != "`" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private static func importedModule(in statement: Substring) -> String? {
        var tokens = statement.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
        while let first = tokens.first, first.hasPrefix("@") || modifiers.contains(first) {
            tokens = tokens.dropFirst()
        }
        guard tokens.first == "import" else { return nil }
        tokens = tokens.dropFirst()
        if let kind = tokens.first, importKinds.contains(kind) {
            tokens = tokens.dropFirst()
        }
        guard let path = tokens.first, let head = path.split(separator: ".").first else { return nil }
        let module = head.filter { $0 != "`" }
        guard let first = module.first, first.isLetter || first == "_",
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(module)
    }
}

/// A byte-level scanner over UTF-8 Swift source. Only ASCII bytes carry meaning here, so working on
/// bytes is both simpler and faster than on Characters, and blanking byte for byte keeps offsets.
private struct Lexer {
    private enum Context {
        case code(openParentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\")
    private static let openParenthesis = UInt8(ascii: "(")
    private static let closeParenthesis = UInt8(ascii: ")")
    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    let source: [UInt8]
    let blankingStrings: Bool
    private(set) var output: [UInt8]
    private var stack: [Context] = [.code(openParentheses: 0)]
    private var index = 0

    init(source: [UInt8], blankingStrings: Bool) {
        self.source = source
        self.blankingStrings = blankingStrings
        self.output = source
    }

    mutating func run() {
        while index < source.count {
            switch stack.last ?? .code(openParentheses: 0) {
            case .code(let openParentheses):
                scanCode(openParentheses: openParentheses)
            case .string(let hashes, let multiline):
                scanString(hashes: hashes, multiline: multiline)
            }
        }
    }

    private func byte(at position: Int) -> UInt8? {
        position < source.count ? source[position] : nil
    }

    private func isRun(of value: UInt8, count: Int, at position: Int) -> Bool {
        guard position + count <= source.count else { return false }
        return source[position..<(position + count)].allSatisfy { $0 == value }
    }

    private mutating func blank(_ range: Range<Int>) {
        for position in range where position < output.count && output[position] != Self.newline {
            output[position] = Self.space
        }
    }

    private mutating func scanCode(openParentheses: Int) {
        let current = source[index]
        let next = byte(at: index + 1)
        if current == Self.slash && next == Self.slash {
            var end = index
            while end < source.count && source[end] != Self.newline { end += 1 }
            blank(index..<end)
            index = end
        } else if current == Self.slash && next == Self.star {
            var depth = 0
            var end = index
            while end < source.count {
                if source[end] == Self.slash && byte(at: end + 1) == Self.star {
                    depth += 1
                    end += 2
                } else if source[end] == Self.star && byte(at: end + 1) == Self.slash {
                    depth -= 1
                    end += 2
                    if depth == 0 { break }
                } else {
                    end += 1
                }
            }
            blank(index..<end)
            index = end
        } else if current == Self.hash || current == Self.quote {
            var afterHashes = index
            while afterHashes < source.count && source[afterHashes] == Self.hash { afterHashes += 1 }
            guard byte(at: afterHashes) == Self.quote else {
                index = max(afterHashes, index + 1)
                return
            }
            let multiline = isRun(of: Self.quote, count: 3, at: afterHashes)
            stack.append(.string(hashes: afterHashes - index, multiline: multiline))
            index = afterHashes + (multiline ? 3 : 1)
        } else if current == Self.openParenthesis {
            stack[stack.count - 1] = .code(openParentheses: openParentheses + 1)
            index += 1
        } else if current == Self.closeParenthesis {
            if openParentheses == 0 && stack.count > 1 {
                // The end of a string interpolation: back into the enclosing string.
                stack.removeLast()
            } else {
                stack[stack.count - 1] = .code(openParentheses: max(0, openParentheses - 1))
            }
            index += 1
        } else {
            index += 1
        }
    }

    private mutating func scanString(hashes: Int, multiline: Bool) {
        let current = source[index]
        if current == Self.backslash && isRun(of: Self.hash, count: hashes, at: index + 1) {
            let escaped = index + 1 + hashes
            if byte(at: escaped) == Self.openParenthesis {
                stack.append(.code(openParentheses: 0))
                index = escaped + 1
            } else {
                let end = min(escaped + 1, source.count)
                if blankingStrings { blank(index..<end) }
                index = end
            }
            return
        }
        if current == Self.quote {
            let quotes = multiline ? 3 : 1
            if isRun(of: Self.quote, count: quotes, at: index)
                && isRun(of: Self.hash, count: hashes, at: index + quotes)
            {
                stack.removeLast()
                index += quotes + hashes
                return
            }
        }
        if current == Self.newline && !multiline {
            // An unterminated single-line string: the compiler would reject it; recover at the line end.
            stack.removeLast()
            index += 1
            return
        }
        if blankingStrings { blank(index..<(index + 1)) }
        index += 1
    }
}
