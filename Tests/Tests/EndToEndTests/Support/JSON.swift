import Foundation

/// A value parsed by JSONSerialization, with forgiving accessors so a test reads like the output it checks:
/// `task["project_name"].string`, `tasks[0]["number"].int`. A missing key or index gives a JSON whose
/// accessors are all nil, which `#expect` then reports against the expected value.
struct JSON: CustomStringConvertible {
    /// The raw value: dictionary, array, string, number, NSNull, or nil when absent.
    let value: Any?

    init(_ value: Any?) {
        self.value = value
    }

    subscript(key: String) -> JSON {
        JSON((value as? [String: Any])?[key])
    }

    subscript(index: Int) -> JSON {
        guard let array = value as? [Any], array.indices.contains(index) else { return JSON(nil) }
        return JSON(array[index])
    }

    var string: String? { value as? String }

    var int: Int? { (value as? NSNumber)?.intValue ?? (value as? Int) }

    var bool: Bool? { value as? Bool }

    var array: [JSON] { (value as? [Any])?.map(JSON.init) ?? [] }

    /// The keys of an object (empty otherwise).
    var keys: Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }

    /// True for an explicit JSON `null` (not for a missing key).
    var isNull: Bool { value is NSNull }

    /// True when the key or index exists, even if its value is `null`.
    var exists: Bool { value != nil }

    var description: String {
        guard let value else { return "<absent>" }
        if value is NSNull { return "null" }
        if let string = value as? String { return "\"\(string)\"" }
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
