/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

/*
 * Compiler attributes and the address-space annotations checked by sparse.
 *
 * Under sparse (__CHECKER__) the annotations are real address spaces:
 * a pointer marked __rcu or __percpu cannot be dereferenced, assigned to or
 * from a plain pointer, or compared with one without a diagnostic.  Only the
 * accessors (rcu_dereference(), this_cpu_ptr(), ...) may strip them, with
 * __force.  Under gcc they expand to nothing.
 */
#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(__user)))
# define __iomem	__attribute__((noderef, address_space(__iomem)))
# define __percpu	__attribute__((noderef, address_space(__percpu)))
# define __rcu		__attribute__((noderef, address_space(__rcu)))
# define __kernel	__attribute__((address_space(0)))
# define __force	__attribute__((force))
# define __must_hold(x)	__attribute__((context(x, 1, 1)))
# define __acquires(x)	__attribute__((context(x, 0, 1)))
# define __releases(x)	__attribute__((context(x, 1, 0)))
# define __acquire(x)	__context__(x, 1)
# define __release(x)	__context__(x, -1)
#else
# define __user
# define __iomem
# define __percpu
# define __rcu
# define __kernel
# define __force
# define __must_hold(x)
# define __acquires(x)
# define __releases(x)
# define __acquire(x)	((void)0)
# define __release(x)	((void)0)
#endif

#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __noreturn	__attribute__((__noreturn__))
#define __packed	__attribute__((__packed__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __section(s)	__attribute__((__section__(s)))
#define __used		__attribute__((__used__))
#define __maybe_unused	__attribute__((__unused__))
#define __weak		__attribute__((__weak__))
#define __cold		__attribute__((__cold__))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __must_check	__attribute__((__warn_unused_result__))
#define __init		__section(".init.text") __cold
#define __initdata	__section(".init.data")
#define __cacheline_aligned __aligned(64)
#define fallthrough	__attribute__((__fallthrough__))

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/* Compiler barrier: no memory access moves across it. */
#define barrier()	__asm__ __volatile__("" : : : "memory")

#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)

#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

/*
 * READ_ONCE()/WRITE_ONCE(): one access of the full width, not torn, not
 * fused, not repeated and not elided by the compiler.
 */
#define __READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define READ_ONCE(x)	__READ_ONCE(x)
#define WRITE_ONCE(x, val)						\
do {									\
	*(volatile __typeof__(x) *)&(x) = (val);			\
} while (0)

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))

#endif /* _LINUX_COMPILER_H */
