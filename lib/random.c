// SPDX-License-Identifier: GPL-2.0
/*
 * Pseudo-random numbers with caller-owned state: xoshiro128** (Blackman and
 * Vigna's public-domain design), seeded by expanding a 64-bit seed with
 * splitmix64.  Period 2^128 - 1; passes the usual statistical batteries;
 * not cryptographic.
 */
#include <linux/random.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/string.h>

/* splitmix64: a good 64-bit mixer to turn any seed into a full state. */
static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/**
 * prandom_seed_state() - seed a generator state
 * @state: the state to initialise
 * @seed: any value, 0 included; equal seeds give equal sequences
 */
void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	u64 x = seed, a = splitmix64(&x), b = splitmix64(&x);

	state->s1 = (u32)a;
	state->s2 = (u32)(a >> 32);
	state->s3 = (u32)b;
	state->s4 = (u32)(b >> 32);
	/* The all-zero state is a fixed point; never start there. */
	if (!(state->s1 | state->s2 | state->s3 | state->s4))
		state->s1 = 1;
}

/**
 * prandom_u32_state() - next pseudo-random value
 * @state: the generator state, seeded with prandom_seed_state()
 *
 * Return: 32 pseudo-random bits.
 */
u32 prandom_u32_state(struct rnd_state *state)
{
	u32 result = rol32(state->s2 * 5, 7) * 9;
	u32 t = state->s2 << 9;

	state->s3 ^= state->s1;
	state->s4 ^= state->s2;
	state->s2 ^= state->s3;
	state->s1 ^= state->s4;
	state->s3 ^= t;
	state->s4 = rol32(state->s4, 11);
	return result;
}

/**
 * prandom_bytes_state() - fill a buffer with pseudo-random bytes
 * @state: the generator state
 * @buf: the buffer
 * @nbytes: its size
 */
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes)
{
	u8 *p = buf;
	u32 r;

	while (nbytes >= 4) {
		r = prandom_u32_state(state);
		memcpy(p, &r, 4);
		p += 4;
		nbytes -= 4;
	}
	if (nbytes) {
		r = prandom_u32_state(state);
		memcpy(p, &r, nbytes);
	}
}
