/// The order of ``Queries/order(_:descending:unindexed:)``, applied to records already read.
///
/// A listing of every open task (7,500 of them in the bench data) made SQLite copy each whole row into its sorter
/// and sort those: 38 M of the 454 M instructions of `stint task list`. Without a limit every row is read anyway,
/// so the rows are read in table order and sorted here, comparing the decoded fields the way the SQL did: the
/// status rank, numbers and instants as numbers, due days and titles byte by byte (titles with ASCII letters
/// folded, as `COLLATE NOCASE`), a missing due day after every other where the SQL said `due IS NULL` first.
/// With a limit SQLite keeps only the first rows while it reads, which is cheaper, so the SQL order stays.
/// `TaskOrderTests` holds the two orders equal on random tasks for every sort, both directions.
struct TaskOrder {
    let sort: TaskRecordSort
    let descending: Bool

    func sorted(_ records: consuming [TaskRecord]) -> [TaskRecord] {
        var records = records
        if sort == .title {
            // Rare, and titles have no cheap key: compare the records in place through the buffer (an array
            // subscript in the closure would copy each record and retain its dozen strings).
            let order = records.withUnsafeBufferPointer { buffer in
                var order = Array(buffer.indices)
                order.sort { precedes(buffer[$0], buffer[$1]) }
                return order
            }
            Self.permute(&records, by: order)
            return records
        }
        // Every other order is a few integers per record, compared as a tuple: a due day becomes its rank among
        // the distinct due days (a few hundred), so the 100,000 comparisons of a long list compare numbers, not
        // strings.
        let dueRanks = sort == .priority || sort == .due ? Self.ranks(of: records) : [:]
        let sign = descending ? -1 : 1
        var keys: [(Int, Int, Int, Int, Int)] = []
        keys.reserveCapacity(records.count)
        // Through the buffer, field by field: `for record in records` copied each record (a retain per string) to
        // read a few numbers.
        records.withUnsafeBufferPointer { records in
            for index in records.indices {
                let number = sign * records[index].number
                let noDue = records[index].due == nil ? 1 : 0
                let due = sign * (records[index].due.flatMap { dueRanks[$0] } ?? 0)
                switch sort {
                case .priority:
                    let done = records[index].status == TaskRecord.completedStatus ? 1 : 0
                    keys.append((sign * done, -sign * records[index].priority, noDue, due, number))
                case .due: keys.append((noDue, due, number, 0, 0))
                case .created:
                    keys.append((sign * Int(records[index].createdAt.storedMilliseconds), number, 0, 0, 0))
                case .updated:
                    keys.append((sign * Int(records[index].updatedAt.storedMilliseconds), number, 0, 0, 0))
                case .number, .title: keys.append((number, 0, 0, 0, 0))
                }
            }
        }
        var order = Array(records.indices)
        keys.withUnsafeBufferPointer { keys in order.sort { keys[$0] < keys[$1] } }
        Self.permute(&records, by: order)
        return records
    }

    /// Puts `records[order[i]]` at `i`, moving each record once along the cycles of the permutation: where
    /// `order.map { records[$0] }` copied each record (retaining its dozen strings) and then released the
    /// originals, half of the sort's cost for a long list.
    static func permute(_ records: inout [TaskRecord], by order: [Int]) {
        var placed = [Bool](repeating: false, count: order.count)
        records.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] && order[start] != start {
                let first = (base + start).move()
                var current = start
                while true {
                    placed[current] = true
                    let next = order[current]
                    if next == start {
                        (base + current).initialize(to: first)
                        break
                    }
                    (base + current).moveInitialize(from: base + next, count: 1)
                    current = next
                }
            }
        }
    }

    /// Each distinct due day's place in byte order, from 1.
    private static func ranks(of records: [TaskRecord]) -> [String: Int] {
        var days = Set<String>()
        for record in records { if let due = record.due { days.insert(due) } }
        let ordered = days.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0 + 1) })
    }

    func precedes(_ left: TaskRecord, _ right: TaskRecord) -> Bool {
        switch sort {
        case .priority:
            let leftDone = left.status == TaskRecord.completedStatus
            let rightDone = right.status == TaskRecord.completedStatus
            if leftDone != rightDone { return forward(!leftDone) }
            if left.priority != right.priority { return forward(left.priority > right.priority) }
            return byDue(left, right)
        case .due:
            return byDue(left, right)
        case .created:
            if left.createdAt != right.createdAt { return forward(left.createdAt < right.createdAt) }
        case .updated:
            if left.updatedAt != right.updatedAt { return forward(left.updatedAt < right.updatedAt) }
        case .title:
            let order = Self.compareNoCase(left.title, right.title)
            if order != 0 { return forward(order < 0) }
        case .number:
            break
        }
        return forward(left.number < right.number)
    }

    /// `due IS NULL, due <dir>, number <dir>`: the tasks without a due day last in both directions.
    private func byDue(_ left: TaskRecord, _ right: TaskRecord) -> Bool {
        switch (left.due, right.due) {
        case (nil, .some): return false
        case (.some, nil): return true
        case (.some(let leftDue), .some(let rightDue)) where leftDue != rightDue:
            return forward(leftDue.utf8.lexicographicallyPrecedes(rightDue.utf8))
        default: return forward(left.number < right.number)
        }
    }

    /// `ascending` for an ascending sort, its opposite for a descending one (the keys are never equal here).
    private func forward(_ ascending: Bool) -> Bool {
        descending ? !ascending : ascending
    }

    /// SQLite's NOCASE: bytes compared with the ASCII capitals folded to small letters, a prefix first.
    static func compareNoCase(_ left: String, _ right: String) -> Int {
        var leftBytes = left.utf8.makeIterator()
        var rightBytes = right.utf8.makeIterator()
        while true {
            switch (leftBytes.next(), rightBytes.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?):
                let a = (0x41...0x5A).contains(l) ? l + 0x20 : l
                let b = (0x41...0x5A).contains(r) ? r + 0x20 : r
                if a != b { return a < b ? -1 : 1 }
            }
        }
    }
}
