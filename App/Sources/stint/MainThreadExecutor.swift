#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command's task on the main thread (ADR 0028, decision 10).
///
/// On the global executor a command ran on a worker thread that libdispatch had to create first, together with
/// its manager thread and a second worker, each with a stack and a malloc arena of its own: three threads and
/// 0.5 ms of every `stint timer`, for a program that does one thing at a time. The task's jobs come here instead
/// and the main thread, which would otherwise only wait, runs them. Work the task hands to other threads (a
/// socket read, a child task on the global executor) still resumes the task by enqueueing a job, which wakes the
/// main thread.
final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    // A plain mutex and condition: Foundation's `NSCondition` would pull Foundation's start-up into every command.
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var jobs: [UnownedJob] = []

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Runs jobs as they arrive, in order, until the task ends the process.
    func run() -> Never {
        let executor = asUnownedTaskExecutor()
        while true {
            pthread_mutex_lock(&mutex)
            while jobs.isEmpty { pthread_cond_wait(&condition, &mutex) }
            let ready = jobs
            jobs.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(&mutex)
            for job in ready { job.runSynchronously(on: executor) }
        }
    }
}
