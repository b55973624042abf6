/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small weak-memory model for running kernel code on the host: every
 * access the kernel code makes through READ_ONCE(), WRITE_ONCE(),
 * smp_load_acquire(), smp_store_release(), this_cpu_inc() and smp_mb()
 * goes through here (the shadow headers in tests/wmm/include/ map them),
 * and a load may return any store the model allows, not only the newest.
 * tests/wmm/README.md describes the model.
 *
 * This header is included both by kernel code (through the shadow
 * headers) and by the host-side model, so it uses no headers of either.
 */
#ifndef _WMM_H
#define _WMM_H

#define WMM_MAX_THREADS	8
#define WMM_NR_CPUS	3

/* How an access orders. */
enum wmm_order {
	WMM_RELAXED,	/* READ_ONCE(), WRITE_ONCE(), this_cpu_inc() */
	WMM_ACQUIRE,	/* smp_load_acquire() */
	WMM_RELEASE,	/* smp_store_release(), rcu_assign_pointer() */
};

/* A vector clock: one epoch per simulated thread. */
struct wmm_vc {
	unsigned int c[WMM_MAX_THREADS];
};

/* A lock's owner and the clock its last release published. */
struct wmm_sync {
	int owner;		/* thread id + 1, 0 if free */
	struct wmm_vc vc;
};

void wmm_load(const volatile void *addr, unsigned long size, void *out,
	      enum wmm_order mo);
void wmm_store(volatile void *addr, unsigned long size, const void *in,
	       enum wmm_order mo);
void wmm_rmw_add(volatile void *addr, unsigned long size, long delta);
void wmm_fence(void);
void wmm_consume(void);

void wmm_sync_lock(struct wmm_sync *s);
int wmm_sync_trylock(struct wmm_sync *s);
void wmm_sync_unlock(struct wmm_sync *s);

void wmm_yield(void);
int wmm_cpu(void);
void wmm_migrate(int cpu);
int wmm_spawn(int (*fn)(void *), void *arg, const char *name, int cpu,
	      int daemon);
unsigned int wmm_random(unsigned int n);

/* RCU grace periods, as polled: every thread passes a full fence. */
unsigned long wmm_rcu_gp_start(void);
int wmm_rcu_gp_done(unsigned long cookie);

/* Plain accesses to the objects under test, checked for races. */
void wmm_obj_init(void *obj, const char *name);
void wmm_obj_write(void *obj, long *field, long v);
long wmm_obj_read(void *obj, long *field);
void wmm_obj_free(void *obj, long *fields, int n);

void wmm_name(const volatile void *addr, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void wmm_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void wmm_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Per-CPU memory: WMM_NR_CPUS copies, WMM_PCPU_STRIDE bytes apart. */
#define WMM_PCPU_STRIDE	16384UL
void *wmm_alloc_percpu(unsigned long size, unsigned long align);

#endif /* _WMM_H */
