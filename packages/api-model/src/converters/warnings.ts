/** Warnings of one conversion: each line once, at most `max` lines and a count of the rest. */
export class Warnings {
  private readonly lines = new Set<string>();
  private dropped = 0;

  constructor(private readonly max = 200) {}

  add(line: string): void {
    if (this.lines.has(line)) return;
    if (this.lines.size >= this.max) this.dropped++;
    else this.lines.add(line);
  }

  list(): string[] {
    const out = [...this.lines];
    if (this.dropped) out.push(`... and ${this.dropped} more warnings`);
    return out;
  }
}
