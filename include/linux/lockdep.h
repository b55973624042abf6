/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H

#include <linux/types.h>

#define _RET_IP_	((unsigned long)__builtin_return_address(0))
#define _THIS_IP_	({ __label__ __here; __here: (unsigned long)&&__here; })

/*
 * Held-lock tracking (CONFIG_PROVE_LOCKING).  Every lock embeds a
 * lockdep_map; acquiring and releasing it records the lock in the current
 * task's held-lock stack (kernel/lockdep.c), so lockdep_is_held() can
 * answer "does *this task* hold this lock", not merely "is it locked".
 * Without PROVE_LOCKING all of it compiles away.
 */
#ifdef CONFIG_PROVE_LOCKING
struct lockdep_map {
	const char *name;
};

#define LOCKDEP_MAP_INIT(lname)	.dep_map = { .name = #lname }
#define lockdep_init_map(map, lname) do { (map)->name = (lname); } while (0)

void lock_acquire(struct lockdep_map *map, unsigned long ip);
void lock_release(struct lockdep_map *map, unsigned long ip);
void lock_acquire_data(struct lockdep_map *map, unsigned long ip, long data);
int lock_release_data(struct lockdep_map *map, long data, long *held);
int lock_is_held(const struct lockdep_map *map);
void lockdep_print_held_locks(void);

#define spin_acquire(map, ip)	lock_acquire(map, ip)
#define spin_release(map, ip)	lock_release(map, ip)
#define lockdep_is_held(lock)	lock_is_held(&(lock)->dep_map)
#define lockdep_assert_held(lock) WARN_ON(!lockdep_is_held(lock))
#else
struct lockdep_map { };

#define LOCKDEP_MAP_INIT(lname)
#define lockdep_init_map(map, lname)	do { } while (0)
#define spin_acquire(map, ip)		do { } while (0)
#define spin_release(map, ip)		do { } while (0)
#define lockdep_is_held(lock)		({ (void)(lock); 1; })
#define lockdep_assert_held(lock)	do { (void)(lock); } while (0)
#define lockdep_print_held_locks()	do { } while (0)
#endif

#endif /* _LINUX_LOCKDEP_H */
