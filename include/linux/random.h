/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>

/*
 * A small, fast pseudo-random generator with caller-owned state
 * (lib/random.c): xoshiro128** over 128 bits of state, seeded through
 * splitmix64.  Deterministic for a given seed, which is what tests and
 * torture code want; not for anything secret.  No locking: one state per
 * user (per CPU, per thread, ...).
 */
struct rnd_state {
	u32 s1, s2, s3, s4;
};

void prandom_seed_state(struct rnd_state *state, u64 seed);
u32 prandom_u32_state(struct rnd_state *state);
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes);

/**
 * prandom_u32_below_state() - a pseudo-random value in [0, @ceil)
 * @state: the generator state
 * @ceil: the exclusive upper bound; 0 gives 0
 *
 * Multiply-shift reduction: (x * @ceil) >> 32, very slightly biased for
 * an @ceil that is not a power of two, which is fine for its users.
 *
 * Return: a value in [0, @ceil), or 0 if @ceil is 0.
 */
static inline u32 prandom_u32_below_state(struct rnd_state *state, u32 ceil)
{
	return (u32)(((u64)prandom_u32_state(state) * ceil) >> 32);
}

/**
 * prandom_u64_state() - a pseudo-random 64-bit value
 * @state: the generator state
 *
 * Return: 64 pseudo-random bits.
 */
static inline u64 prandom_u64_state(struct rnd_state *state)
{
	u64 hi = prandom_u32_state(state);

	return (hi << 32) | prandom_u32_state(state);
}

#endif /* _LINUX_RANDOM_H */
