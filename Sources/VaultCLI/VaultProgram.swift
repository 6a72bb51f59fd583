import VaultPlatform

/// Where both programs start (`vault` and `vault-mcp`): the command line parsed and run.
package enum VaultProgram {
    /// Runs the command the arguments name and exits with its status; `assistant` is what
    /// `vault mcp` serves with, in the program that links one.
    package static func main(assistant: AssistantFrontEnd?) async {
        var assistant = assistant
        // Taken first, before threads read the environment, and from every child's.
        let runBy = Syscalls.takeEnvironmentVariable(Executables.runBy)
        assistant?.runBy = runBy.flatMap(Executables.assistantRunBy)
        await VaultCommand.main(assistant: assistant, runBy: runBy)
    }
}
