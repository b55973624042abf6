/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_DEBUGOBJECTS_H
#define _LINUX_DEBUGOBJECTS_H

/*
 * Debug objects: track the life cycle of kernel objects (rcu_heads,
 * timers, ...) by address, outside the objects themselves, and report
 * operations that are illegal in the object's current state: activating
 * an active object (double call_rcu(), double add_timer()), initializing
 * or freeing one, using one that was destroyed, freeing memory that still
 * holds one.
 *
 * A subsystem describes its object type with a struct debug_obj_descr
 * (a name, optional fixup hooks) and calls debug_object_*() where its
 * objects are initialized, activated, deactivated, destroyed and freed.
 * The memory allocators call debug_check_no_obj_freed() for every range
 * they free.  Without CONFIG_DEBUG_OBJECTS every call is an empty inline.
 */
#include <linux/types.h>

enum debug_obj_state {
	ODEBUG_STATE_NONE,		/* not tracked */
	ODEBUG_STATE_INIT,		/* initialized, never activated */
	ODEBUG_STATE_INACTIVE,		/* activated, then deactivated */
	ODEBUG_STATE_ACTIVE,		/* in use: queued, armed, ... */
	ODEBUG_STATE_DESTROYED,		/* destroyed, memory not freed yet */
	ODEBUG_STATE_NOTAVAILABLE,	/* an operation on an untracked object */
	ODEBUG_STATE_MAX,
};

/**
 * struct debug_obj_descr - an object type tracked by debug objects
 * @name: the type's name, printed in reports ("object type: @name")
 * @debug_hint: optional: a code address that identifies the object (its
 *	callback, say), printed as "hint: %pS"; the object's address if NULL
 * @is_static_object: optional: true if an untracked object at @addr is
 *	legitimately in use without debug_object_init() (statically
 *	initialized, or a type whose objects need no init call); activating
 *	it then starts tracking instead of being reported
 * @fixup_init: optional, called after debug_object_init() of an active
 *	object was reported; @state is the object's state
 * @fixup_activate: optional, called after an illegal activation was
 *	reported (active, destroyed, or untracked and not static)
 * @fixup_destroy: optional, called after destroying an active object was
 *	reported
 * @fixup_free: optional, called after freeing an active object (by
 *	debug_object_free() or by freeing its memory) was reported
 * @fixup_assert_init: optional, called after debug_object_assert_init()
 *	found the object untracked and not static
 * @nr_reports: optional: counts the reports about objects of this type
 *
 * A fixup repairs what it can so that the kernel goes on (e.g. stops an
 * active timer before it is reinitialized) and returns true if it did.
 * Fixups are called with no debug-objects lock held.
 */
struct debug_obj_descr {
	const char *name;
	void *(*debug_hint)(void *addr);
	bool (*is_static_object)(void *addr);
	bool (*fixup_init)(void *addr, enum debug_obj_state state);
	bool (*fixup_activate)(void *addr, enum debug_obj_state state);
	bool (*fixup_destroy)(void *addr, enum debug_obj_state state);
	bool (*fixup_free)(void *addr, enum debug_obj_state state);
	bool (*fixup_assert_init)(void *addr, enum debug_obj_state state);
	unsigned long *nr_reports;
};

#ifdef CONFIG_DEBUG_OBJECTS
/**
 * debug_object_init() - an object is being initialized
 * @addr: the object
 * @descr: its type
 *
 * Starts tracking @addr in state INIT.  Reported: initializing an active
 * or destroyed object (then @descr->fixup_init), and an object on the
 * current task's stack (use debug_object_init_on_stack()).
 */
void debug_object_init(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_init_on_stack() - debug_object_init() for an object on the stack
 * @addr: the object, in the current task's stack frame
 * @descr: its type
 *
 * The object must be untracked with debug_object_free() before the
 * function that declared it returns.
 */
void debug_object_init_on_stack(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_activate() - an object is being put to use
 * @addr: the object
 * @descr: its type
 *
 * INIT or INACTIVE becomes ACTIVE.  An untracked object is tracked and
 * activated if @descr->is_static_object says so.  Anything else is
 * reported and @descr->fixup_activate called.
 *
 * Return: 0 if the activation is legal, -EINVAL if it was reported (the
 * caller should then not use the object, e.g. not queue it twice).
 */
int debug_object_activate(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_deactivate() - an object goes out of use (callback invoked,
 *	timer expired or deleted)
 * @addr: the object
 * @descr: its type
 *
 * ACTIVE becomes INACTIVE; the object stays tracked until it is freed.
 * Deactivating a destroyed object, or an untracked one that is not
 * static, is reported.
 */
void debug_object_deactivate(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_destroy() - an object is destroyed but its memory not freed
 * @addr: the object
 * @descr: its type
 *
 * Any later activation is reported.  Destroying an active object is
 * reported (then @descr->fixup_destroy).
 */
void debug_object_destroy(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_free() - stop tracking an object
 * @addr: the object
 * @descr: its type
 *
 * Freeing an active object is reported (then @descr->fixup_free) and the
 * object stays tracked unless the fixup deactivated it.
 */
void debug_object_free(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_assert_init() - report use of an object never initialized
 * @addr: the object
 * @descr: its type
 *
 * Reported (then @descr->fixup_assert_init) if @addr is untracked and not
 * static; a static object is tracked from here on.
 */
void debug_object_assert_init(void *addr, const struct debug_obj_descr *descr);

/**
 * debug_object_get_state() - the state an object is tracked in
 * @addr: the object
 *
 * Return: its state, ODEBUG_STATE_NONE if it is untracked.  For tests.
 */
enum debug_obj_state debug_object_get_state(void *addr);

/**
 * debug_check_no_obj_freed() - memory is being freed: check what it holds
 * @address: start of the range
 * @size: its length in bytes
 *
 * Called by the allocators for every range they free.  Objects in the
 * range stop being tracked; an active one is reported ("free active") and
 * @descr->fixup_free called for it (an active object the fixup did not
 * deactivate stays tracked).  Costs one bucket look-up per 512 bytes of
 * the range, whatever the number of objects tracked elsewhere.
 */
void debug_check_no_obj_freed(const void *address, unsigned long size);

/* Is tracking on (it turns itself off if it runs out of memory)? */
bool debug_objects_enabled(void);

/* Reports printed so far, all types together. */
extern unsigned long debug_objects_nr_reports;
#else
static inline void debug_object_init(void *addr, const struct debug_obj_descr *descr) { }
static inline void debug_object_init_on_stack(void *addr,
					      const struct debug_obj_descr *descr) { }
static inline int debug_object_activate(void *addr, const struct debug_obj_descr *descr)
{
	return 0;
}
static inline void debug_object_deactivate(void *addr,
					   const struct debug_obj_descr *descr) { }
static inline void debug_object_destroy(void *addr, const struct debug_obj_descr *descr) { }
static inline void debug_object_free(void *addr, const struct debug_obj_descr *descr) { }
static inline void debug_object_assert_init(void *addr,
					    const struct debug_obj_descr *descr) { }
static inline enum debug_obj_state debug_object_get_state(void *addr)
{
	return ODEBUG_STATE_NONE;
}
static inline void debug_check_no_obj_freed(const void *address, unsigned long size) { }
static inline bool debug_objects_enabled(void)
{
	return false;
}
#endif /* CONFIG_DEBUG_OBJECTS */

#endif /* _LINUX_DEBUGOBJECTS_H */
