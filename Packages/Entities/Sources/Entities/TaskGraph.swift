import Foundation

/// Loops among tasks: a task that (through others) comes after itself, or is its own ancestor.
///
/// Such a loop would block its tasks for ever, or make a tree without a root, so a change that closes one is
/// refused. Finding it needs the other tasks' links, which only the caller can read; these functions take them
/// as plain maps so every front end and test checks the same way. Loops can still arrive by sync (two devices
/// each adding one half while apart): readers therefore never assume the graph is loop-free.
public enum TaskGraph {
    /// The loop that making `task` come after `prerequisites` would close, as the ids from `task` round to
    /// `task` again; nil when there is none.
    /// - Parameter edges: each other task's prerequisites (this task's own are ignored: they are being replaced).
    public static func prerequisiteLoop(adding prerequisites: [UUID], to task: UUID, edges: [UUID: [UUID]])
        -> [UUID]?
    {
        // Breadth first from the new prerequisites, remembering how each task was reached, until `task` shows up.
        var cameFrom: [UUID: UUID] = [:]
        var queue: [UUID] = []
        for prerequisite in prerequisites where cameFrom[prerequisite] == nil {
            cameFrom[prerequisite] = task
            queue.append(prerequisite)
        }
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            if current == task { return path(to: task, from: task, cameFrom: cameFrom) }
            for next in edges[current] ?? [] where next != current && cameFrom[next] == nil {
                cameFrom[next] = current
                queue.append(next)
            }
        }
        return nil
    }

    /// The loop that making `task` a subtask of `parent` would close (the parent being `task` itself or one of
    /// its subtasks, however deep), as the ids from `task` down to `parent` and back to `task`; nil when none.
    /// - Parameter parents: each task's parent. A loop already among other tasks ends the walk without a result.
    public static func parentLoop(setting parent: UUID, of task: UUID, parents: [UUID: UUID]) -> [UUID]? {
        var chain = [parent]
        var seen: Set<UUID> = [parent]
        var current = parent
        while current != task {
            guard let next = parents[current], seen.insert(next).inserted else { return nil }
            chain.append(next)
            current = next
        }
        // `chain` runs parent → … → task (upwards); the loop reads task → parent → … → task.
        return [task] + chain
    }

    private static func path(to end: UUID, from start: UUID, cameFrom: [UUID: UUID]) -> [UUID] {
        var reversed = [end]
        var current = cameFrom[end] ?? start
        while current != start {
            reversed.append(current)
            guard let previous = cameFrom[current] else { break }
            current = previous
        }
        reversed.append(start)
        return reversed.reversed()
    }
}
