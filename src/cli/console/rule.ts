/** A labelled separator line, so a channel post stands apart from the private replies around it. */
export function rule(label: string): string {
  return `— ${label} —`;
}
