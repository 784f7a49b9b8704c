import { describe, expect, it } from 'vitest';
import { fileFromModel, GuardClassifierFile, modelFromFile } from './guard-classifier-model.js';
import type { GuardClassifierModel } from './guard-classifier-model.js';

describe('guard classifier file', () => {
  it('keeps small n-gram weights beside a large concept weight (int16, per-class scale)', () => {
    const weights = new Float32Array(8 * 2);
    weights[0] = 6;
    weights[2] = 0.004;
    weights[5] = -0.01;
    const model: GuardClassifierModel = { dims: 8, threshold: 0.43, attack: { classes: ['benign', 'attack'], bias: Float32Array.from([0.5, -0.5]), weights }, family: { classes: ['a', 'b'], bias: new Float32Array(2), weights: new Float32Array(16) } };
    const file = GuardClassifierFile.parse(JSON.parse(JSON.stringify(fileFromModel(model, { corpus: 'test', attacks: 1, benign: 1 }))));
    const back = modelFromFile(file);
    expect(back.threshold).toBe(0.43);
    expect(back.attack.weights[0]).toBeCloseTo(6, 3);
    expect(back.attack.weights[2]).toBeCloseTo(0.004, 3);
    expect(back.attack.weights[5]).toBeCloseTo(-0.01, 3);
  });

  it('refuses a file whose weights do not fit its size', () => {
    const model: GuardClassifierModel = { dims: 8, threshold: 0.5, attack: { classes: ['benign', 'attack'], bias: new Float32Array(2), weights: new Float32Array(16) }, family: { classes: ['a', 'b'], bias: new Float32Array(2), weights: new Float32Array(16) } };
    const file = fileFromModel(model, { corpus: 'test', attacks: 1, benign: 1 });
    expect(() => modelFromFile({ ...file, dims: 16 })).toThrow(/16 buckets/);
  });
});
