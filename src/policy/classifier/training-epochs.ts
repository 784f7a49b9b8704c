/**
 * The pass schedule both heads and the hidden layer train on: before each pass the example order is
 * shuffled (Fisher-Yates, from the seeded `next`), and the learning rate decays as 1 / (1 + 0.15 ×
 * pass). Calls `pass(order, rate, epoch)` once per pass; deterministic for a given `next`.
 */
export function forEachEpoch(count: number, epochs: number, learningRate: number, next: () => number, pass: (order: readonly number[], rate: number, epoch: number) => void): void {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    pass(order, learningRate / (1 + epoch * 0.15), epoch);
  }
}
