import Commands
import Foundation

exit(await StintRuntime.run(Array(CommandLine.arguments.dropFirst())))
