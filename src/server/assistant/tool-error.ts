// A tool's input the model can correct: the message goes back to the model as the tool's result
// (not to the user as a failure), so it can ask again or explain what is missing.
export class ToolInputError extends Error {}
