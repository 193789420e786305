import Foundation

extension Array where Element: Hashable {
    /// The elements in `areInIncreasingOrder`'s order, each once.
    ///
    /// Values read back from storage are already so (they were stored normalized), and most lists hold none or
    /// one: a single pass says so instead of hashing every element into a set and sorting again, which was a
    /// twentieth of reading 7,500 tasks. `areInIncreasingOrder` must agree with `==` (no two distinct elements
    /// in neither order), so a strictly increasing array has no duplicates.
    func sortedUnique(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        guard count > 1 else { return self }
        var index = 1
        while index < count, areInIncreasingOrder(self[index - 1], self[index]) { index += 1 }
        if index == count { return self }
        return Array(Set(self)).sorted(by: areInIncreasingOrder)
    }
}

extension UUID {
    /// Whether `lhs` comes before `rhs` in the order of their ``lowercasedString``s, without making them: each byte
    /// becomes two hex digits whose characters sort as the nibbles do, and the dashes stand at the same places.
    static func precedesInText(_ lhs: UUID, _ rhs: UUID) -> Bool {
        withUnsafeBytes(of: lhs.uuid) { left in
            withUnsafeBytes(of: rhs.uuid) { right in
                left.lexicographicallyPrecedes(right)
            }
        }
    }
}
