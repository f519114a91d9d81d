/** A phase's steps as a graph: each step points at its prerequisites (steps of the same phase). */
export interface StepNode {
  id: string;
  prerequisites: readonly string[];
}

/** The steps that depend on `stepId`, directly or through others (they can never be its prerequisites). */
export function dependentsOf(steps: readonly StepNode[], stepId: string): Set<string> {
  const dependents = new Set<string>();
  const queue = [stepId];
  while (queue.length) {
    const current = queue.shift()!;
    for (const step of steps) {
      if (step.prerequisites.includes(current) && !dependents.has(step.id)) {
        dependents.add(step.id);
        queue.push(step.id);
      }
    }
  }
  return dependents;
}

/**
 * The steps in dependency order (every step after its prerequisites), otherwise in the order
 * given. Prerequisites outside the list are ignored; a cycle (never stored) would end the
 * order with its steps in the order given.
 */
export function inDependencyOrder<T extends StepNode>(steps: readonly T[]): T[] {
  const ids = new Set(steps.map((step) => step.id));
  const placed = new Set<string>();
  const ordered: T[] = [];
  while (ordered.length < steps.length) {
    const next = steps.find((step) => !placed.has(step.id) && step.prerequisites.every((id) => !ids.has(id) || placed.has(id)));
    const chosen = next ?? steps.find((step) => !placed.has(step.id))!;
    placed.add(chosen.id);
    ordered.push(chosen);
  }
  return ordered;
}
