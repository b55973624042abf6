/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>
#include <asm/barrier.h>

/*
 * Atomic operations.  Value-returning RMW operations (xchg, cmpxchg,
 * *_return, fetch_*, *_and_test) are fully ordered, as in Linux; plain
 * atomic_inc()/atomic_add() and atomic_read()/atomic_set() are unordered.
 */

#define xchg(ptr, v)		__atomic_exchange_n((ptr), (v), __ATOMIC_SEQ_CST)
#define cmpxchg(ptr, o, n) ({						\
	__typeof__(*(ptr)) __old = (o);					\
	__atomic_compare_exchange_n((ptr), &__old, (n), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);	\
	__old; })
#define try_cmpxchg(ptr, po, n)						\
	__atomic_compare_exchange_n((ptr), (po), (n), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

#define ATOMIC_INIT(i)		{ (i) }

#define ATOMIC_OPS(pfx, atype, vtype)					\
static __always_inline vtype pfx##_read(const atype *v)		\
{									\
	return READ_ONCE(v->counter);					\
}									\
static __always_inline void pfx##_set(atype *v, vtype i)		\
{									\
	WRITE_ONCE(v->counter, i);					\
}									\
static __always_inline void pfx##_add(vtype i, atype *v)		\
{									\
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);		\
}									\
static __always_inline void pfx##_sub(vtype i, atype *v)		\
{									\
	__atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);		\
}									\
static __always_inline void pfx##_inc(atype *v)			\
{									\
	pfx##_add(1, v);						\
}									\
static __always_inline void pfx##_dec(atype *v)			\
{									\
	pfx##_sub(1, v);						\
}									\
static __always_inline vtype pfx##_fetch_add(vtype i, atype *v)	\
{									\
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_SEQ_CST);	\
}									\
static __always_inline vtype pfx##_add_return(vtype i, atype *v)	\
{									\
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST);	\
}									\
static __always_inline vtype pfx##_sub_return(vtype i, atype *v)	\
{									\
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_SEQ_CST);	\
}									\
static __always_inline vtype pfx##_inc_return(atype *v)		\
{									\
	return pfx##_add_return(1, v);					\
}									\
static __always_inline vtype pfx##_dec_return(atype *v)		\
{									\
	return pfx##_sub_return(1, v);					\
}									\
static __always_inline bool pfx##_dec_and_test(atype *v)		\
{									\
	return pfx##_sub_return(1, v) == 0;				\
}									\
static __always_inline bool pfx##_inc_and_test(atype *v)		\
{									\
	return pfx##_add_return(1, v) == 0;				\
}									\
static __always_inline vtype pfx##_xchg(atype *v, vtype n)		\
{									\
	return xchg(&v->counter, n);					\
}									\
static __always_inline vtype pfx##_cmpxchg(atype *v, vtype o, vtype n)	\
{									\
	return cmpxchg(&v->counter, o, n);				\
}									\
static __always_inline bool pfx##_try_cmpxchg(atype *v, vtype *o, vtype n) \
{									\
	return try_cmpxchg(&v->counter, o, n);				\
}									\
static __always_inline void pfx##_or(vtype i, atype *v)		\
{									\
	__atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);		\
}									\
static __always_inline void pfx##_andnot(vtype i, atype *v)		\
{									\
	__atomic_fetch_and(&v->counter, ~i, __ATOMIC_RELAXED);		\
}									\
static __always_inline bool pfx##_add_unless(atype *v, vtype a, vtype u) \
{									\
	vtype c = pfx##_read(v);					\
									\
	do {								\
		if (c == u)						\
			return false;					\
	} while (!pfx##_try_cmpxchg(v, &c, c + a));			\
	return true;							\
}									\
static __always_inline bool pfx##_inc_not_zero(atype *v)		\
{									\
	return pfx##_add_unless(v, 1, 0);				\
}

ATOMIC_OPS(atomic, atomic_t, int)
ATOMIC_OPS(atomic_long, atomic_long_t, long)
ATOMIC_OPS(atomic64, atomic64_t, s64)
#undef ATOMIC_OPS

#endif /* _LINUX_ATOMIC_H */
