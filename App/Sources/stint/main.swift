import Commands
import ProcessTuning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A synchronous entry point on purpose (ADR 0028): an `async` top level hands the main thread to
// `dispatch_main`, which ends it with `pthread_exit`, and unwinding that thread made the unwinder sort every
// frame description of the static executable first (450 M instructions, 40 ms) before `stint` did anything.
// Here the command runs as a task whose jobs the main thread runs (`MainThreadExecutor`), and the task ends the
// process itself.
//
// The main thread is the only one that can take Ctrl-C, SIGTERM or a closed terminal: the executor's threads
// block every signal. A parent may start `stint` with those signals blocked (a child inherits the mask of the
// thread that spawned it, and a dispatch worker blocks them all), so the mask is cleared here: `dispatch_main`
// used to do that, and without it `stint sync --watch` could not be stopped at all.
var deliverable = sigset_t()
sigemptyset(&deliverable)
pthread_sigmask(SIG_SETMASK, &deliverable, nil)

stint_keep_large_blocks_on_heap()
stint_offer_huge_pages_to_large_heaps()

// Swift's `CommandLine.arguments` repairs bytes that are not UTF-8 (a Latin-1 paste, a file name in another
// encoding) into U+FFFD, and the repaired text would be saved as if typed: such an argument is refused, whole.
for index in 1..<Int(CommandLine.argc) {
    guard let bytes = CommandLine.unsafeArgv[index], String(validatingCString: bytes) == nil else { continue }
    let message = "stint: argument \(index) is not UTF-8 text; nothing was changed\n"
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(4)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let executor = MainThreadExecutor()
Task.detached(executorPreference: executor) {
    let status = await StintRuntime.run(arguments)
    exit(status)
}
executor.run()
