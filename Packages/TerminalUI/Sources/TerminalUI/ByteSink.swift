/// A growable byte buffer written through a pointer, for output assembled from many small pieces (a JSON listing,
/// a table): appending to an `[UInt8]` checked uniqueness and capacity on every call, a third of the cost of writing
/// an entry's members, and appending to a `String` cost about 300 instructions a piece. Its owner deallocates it.
struct ByteSink: JSONBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    /// Where the next byte goes; valid for as many bytes as were last reserved.
    var end: UnsafeMutablePointer<UInt8> { base + count }

    /// The bytes written so far; valid until the next write or ``deallocate()``.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Makes room for `extra` more bytes.
    @inline(__always) mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Counts `written` bytes put at ``end`` after reserving them.
    mutating func advance(_ written: Int) { count += written }

    @inline(__always) mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func appendRun(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        let target = base + count
        // Most runs are a key or a short value: a plain loop beats a call to memcpy for those.
        if bytes.count <= 16 {
            for offset in 0..<bytes.count { target[offset] = source[offset] }
        } else {
            target.update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendRun($0) }
    }

    @inline(__always) mutating func appendLineBreak(_ indent: Int) {
        reserve(1 + indent)
        base[count] = 0x0A
        var offset = 1
        while offset <= indent {
            base[count + offset] = UInt8(ascii: " ")
            offset += 1
        }
        count += 1 + indent
    }

    /// The decimal digits, with a minus sign when negative (`Int.min` included).
    mutating func appendInteger(_ value: Int) {
        reserve(20)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// A string's UTF-8 bytes, copied as one run.
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { appendRun($0) }
    }

    /// `count` spaces (none when `count` is not positive).
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).initialize(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }
}
