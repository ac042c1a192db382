/**
 * Java options for the DynamoDB Locals of test runs, which live minutes, not days: Java's quick compiler
 * alone (no C2) and the serial collector. Measured on 2 cores (issue #54): a clock instant used 15 % less
 * CPU; DynamoDB Local took 45 % less under three journey specs (41 CPU-s to 23) and 31 % less under ten
 * integration test files (62 to 42.5; the files' whole CPU 12 % less, their time 7 %).
 * Set as JAVA_TOOL_OPTIONS for the process tree that starts them; a JAVA_TOOL_OPTIONS of one's own wins.
 */
export const QUICK_JAVA = process.env.JAVA_TOOL_OPTIONS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
