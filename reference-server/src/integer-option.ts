import { InvalidArgumentError } from 'commander';

/** A commander option parser: a whole number from `min` to `max` (digits only), else the option's error. */
export function integerOption(min: number, max: number): (text: string) => number {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    }
    return value;
  };
}
