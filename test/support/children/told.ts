/**
 * Writes a line for the test that runs this child, and resolves once the line has left the process (handed to the
 * pipe). A write to a pipe is asynchronous: while the pipe is full (the test's process busy elsewhere), lines wait in
 * the child's own memory until its event loop turns, and a child whose saves are synchronous may not turn it for
 * hundreds of them. A kill then lost lines the console had answered for, and the test took a delete it never heard of
 * for an acknowledged save gone missing.
 */
export function told(line: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(line, (error) => (error ? reject(error) : resolve())));
}
