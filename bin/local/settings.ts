/**
 * The runtime passes settings to the functions through process.env, as Lambda does.
 * Every change is remembered so stop() can put the environment back: a second runtime in
 * the same process (tests) must not inherit the first one's endpoints.
 */
export class ProcessSettings {
  private readonly previous = new Map<string, string | undefined>();

  get(name: string): string | undefined {
    return process.env[name] || undefined;
  }

  set(name: string, value: string): string {
    if (!this.previous.has(name)) this.previous.set(name, process.env[name]);
    process.env[name] = value;
    return value;
  }

  /** Keeps a value the user gave; otherwise sets the default. Returns the value in effect. */
  default(name: string, value: string): string {
    return this.get(name) ?? this.set(name, value);
  }

  restore(): void {
    for (const [name, value] of this.previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    this.previous.clear();
  }
}
