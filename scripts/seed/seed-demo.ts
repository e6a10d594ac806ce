export async function seedDemoIfEmpty(_: { log: (line: string) => void }) {}
