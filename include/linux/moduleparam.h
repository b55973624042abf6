/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MODULEPARAM_H
#define _LINUX_MODULEPARAM_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/init.h>

/*
 * Kernel parameters, as Linux's module_param() for built-in code.
 *
 * A file that wants its parameters named "foo.bar" sets, after its
 * includes,
 *
 *	#undef MODULE_PARAM_PREFIX
 *	#define MODULE_PARAM_PREFIX "foo."
 *
 * and declares module_param(bar, int, 0444).  Without a prefix the name is
 * bare.  The command line "foo.bar=3" sets the variable at boot
 * (parse_kernel_params()); param_set_kv("foo.bar", "3") or
 * param_set_by_prefix("foo", "bar=3") set it at run time.  '-' and '_'
 * are the same character in parameter names, as in Linux.
 *
 * Each parameter is a struct kernel_param; a pointer to it is placed in
 * the "kernel_params" section, bracketed by __start_kernel_params/
 * __stop_kernel_params.  MODULE_PARM_DESC() adds an entry there too, with
 * no ops and the description as its arg: walkers skip entries whose ops
 * are NULL.
 * @perm is kept for API compatibility; 0 hides the parameter from the
 * shell's "cmdline" listing (there is no sysfs).
 */
#ifndef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX ""
#endif

/* Size of the buffer handed to kernel_param_ops.get(). */
#define PARAM_VALUE_MAX		256

struct kernel_param;

/**
 * struct kernel_param_ops - how to set and show one type of parameter
 * @flags: KERNEL_PARAM_OPS_FL_NOARG if the bare name (no "=value") is valid
 * @set: parse @val (NULL for a bare name) into kp->arg; 0 or -errno
 * @get: print the value into @buffer (PARAM_VALUE_MAX bytes); return length
 * @free: release what @set allocated (unused in rcuos, kept for the API)
 */
struct kernel_param_ops {
	unsigned int flags;
	int (*set)(const char *val, const struct kernel_param *kp);
	int (*get)(char *buffer, const struct kernel_param *kp);
	void (*free)(void *arg);
};

#define KERNEL_PARAM_OPS_FL_NOARG	(1 << 0)

/**
 * struct kernel_param - one named parameter
 * @name: full name, prefix included ("rcutorture.nreaders")
 * @ops: type operations
 * @perm: permission bits as in Linux; 0 = not listed by "cmdline"
 * @level: unused (Linux's initcall level), -1
 * @flags: unused
 * @arg: the variable (or what @ops expect)
 */
struct kernel_param {
	const char *name;
	const struct kernel_param_ops *ops;
	u16 perm;
	s8 level;
	u8 flags;
	void *arg;
};

extern const struct kernel_param * const __start_kernel_params[] __weak;
extern const struct kernel_param * const __stop_kernel_params[] __weak;

#define __module_param_call(prefix, name, ops, arg, perm, level, flags)	\
	static const char __param_str_##name[] = prefix #name;		\
	static const struct kernel_param __param_##name = {		\
		__param_str_##name, ops, perm, level, flags, arg	\
	};								\
	static const struct kernel_param * const __param_ptr_##name	\
	__used __section("kernel_params") __aligned(8) = &__param_##name

/**
 * module_param_cb() - a parameter with its own operations
 * @name: name after the prefix (a C identifier)
 * @ops: struct kernel_param_ops pointer
 * @arg: what @ops->set/get receive as kp->arg
 * @perm: permissions (0444, 0644, ...)
 */
#define module_param_cb(name, ops, arg, perm)				\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, -1, 0)

/* Type check: @p must point to the type the ops expect. */
#define __param_check(name, p, type)					\
	static inline type __maybe_unused *__check_##name(void) { return (p); }

#define param_check_byte(name, p)	__param_check(name, p, unsigned char)
#define param_check_short(name, p)	__param_check(name, p, short)
#define param_check_ushort(name, p)	__param_check(name, p, unsigned short)
#define param_check_int(name, p)	__param_check(name, p, int)
#define param_check_uint(name, p)	__param_check(name, p, unsigned int)
#define param_check_long(name, p)	__param_check(name, p, long)
#define param_check_ulong(name, p)	__param_check(name, p, unsigned long)
#define param_check_ullong(name, p)	__param_check(name, p, unsigned long long)
#define param_check_hexint(name, p)	__param_check(name, p, unsigned int)
#define param_check_bool(name, p)	__param_check(name, p, bool)
#define param_check_charp(name, p)	__param_check(name, p, char *)

#define __module_param_typed(name, value, check, ops, perm)		\
	check(name, &(value));						\
	module_param_cb(name, ops, &(value), perm)

/**
 * module_param_named() - a parameter whose name differs from its variable
 * @name: name after MODULE_PARAM_PREFIX
 * @value: the variable
 * @type: byte, short, ushort, int, uint, long, ulong, ullong, hexint,
 *	bool or charp
 * @perm: permissions (0444, 0644, ...)
 */
#define module_param_named(name, value, type, perm)			\
	__module_param_typed(name, value, param_check_##type,		\
			     &param_ops_##type, perm)

/** module_param() - a parameter named like its variable */
#define module_param(name, type, perm)					\
	__module_param_typed(name, name, param_check_##type,		\
			     &param_ops_##type, perm)

/** core_param() - a parameter without any prefix */
#define core_param(name, var, type, perm)				\
	param_check_##type(name, &(var));				\
	__module_param_call("", name, &param_ops_##type, &(var), perm, -1, 0)

/*
 * <stdbool.h> makes "bool" a macro for _Bool, so a wrapper macro that
 * passes the type on (torture_param(bool, ...)) hands us "_Bool".
 */
#define param_check__Bool	param_check_bool
#define param_ops__Bool		param_ops_bool

/** MODULE_PARM_DESC() - one-line description of a parameter */
#define MODULE_PARM_DESC(_parm, _desc)					\
	static const struct kernel_param __param_desc_##_parm = {	\
		.name = MODULE_PARAM_PREFIX #_parm,			\
		.arg = (void *)(_desc),					\
	};								\
	static const struct kernel_param * const			\
	__param_desc_ptr_##_parm __used __section("kernel_params")	\
	__aligned(8) = &__param_desc_##_parm

#define __param_ops_decl(type)						\
	extern const struct kernel_param_ops param_ops_##type;		\
	int param_set_##type(const char *val, const struct kernel_param *kp); \
	int param_get_##type(char *buffer, const struct kernel_param *kp)

__param_ops_decl(byte);
__param_ops_decl(short);
__param_ops_decl(ushort);
__param_ops_decl(int);
__param_ops_decl(uint);
__param_ops_decl(long);
__param_ops_decl(ulong);
__param_ops_decl(ullong);
__param_ops_decl(hexint);
__param_ops_decl(bool);
__param_ops_decl(charp);
#undef __param_ops_decl

/* Pure helpers (kernel/params/parse.c, also built for host tests). */
char *next_arg(char *args, char **param, char **val);
bool parameqn(const char *a, const char *b, size_t n);
bool parameq(const char *a, const char *b);
const struct kernel_param *param_find(const struct kernel_param * const *params,
				      unsigned int num, const char *name);

/* Run-time access (kernel/params/params.c). */
int param_set_kv(const char *name, const char *val);
int param_set_by_prefix(const char *prefix, const char *kv);
int param_get_by_name(const char *name, char *buf, size_t size);

#define PARAM_SNAPSHOT_MAX	32

/**
 * struct param_snapshot - the values of a group of parameters, for
 *	params_restore(): a shell command that takes "key=value" words for
 *	its parameters puts them back as they were when it is done
 * @n: parameters saved
 * @v: each one's descriptor and the bytes of its variable
 */
struct param_snapshot {
	unsigned int n;
	struct {
		const struct kernel_param *kp;
		unsigned int size;
		unsigned char bytes[8];
	} v[PARAM_SNAPSHOT_MAX];
};

int params_save(const char *prefix, struct param_snapshot *s);
void params_restore(const struct param_snapshot *s);
unsigned int params_parse_line(char *line);
void params_print(const char *prefix);

#endif /* _LINUX_MODULEPARAM_H */
