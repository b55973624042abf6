/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host builds of kernel code: give the kernel's libc-like functions their
 * own names (k_memcpy, k_snprintf, ...) so that they neither clash with nor
 * interpose on the host C library (or on the sanitizer runtime, which
 * intercepts memcpy, strlen, ...).
 *
 * unit.mk force-includes this into every kernel source compiled for the
 * host; tests get it from ktest.h, after the host headers.  Add a name here
 * when a kernel function with a libc name is added to lib/.
 */
#ifndef _UNIT_HOST_RENAME_H
#define _UNIT_HOST_RENAME_H

/* lib/string.c */
#define memcpy		k_memcpy
#define memmove		k_memmove
#define memset		k_memset
#define memcmp		k_memcmp
#define memchr		k_memchr
#define memchr_inv	k_memchr_inv
#define strlen		k_strlen
#define strnlen		k_strnlen
#define strcmp		k_strcmp
#define strncmp		k_strncmp
#define strcasecmp	k_strcasecmp
#define strncasecmp	k_strncasecmp
#define strcpy		k_strcpy
#define strncpy		k_strncpy
#define strcat		k_strcat
#define strscpy		k_strscpy
#define strchr		k_strchr
#define strnchr		k_strnchr
#define strrchr		k_strrchr
#define strstr		k_strstr
#define strspn		k_strspn
#define strcspn		k_strcspn
#define strpbrk		k_strpbrk
#define strsep		k_strsep
#define skip_spaces	k_skip_spaces
#define strim		k_strim

/* lib/vsprintf.c */
#define vsnprintf	k_vsnprintf
#define vscnprintf	k_vscnprintf
#define snprintf	k_snprintf
#define scnprintf	k_scnprintf
#define sprintf		k_sprintf

/* lib/ctype.c and <linux/ctype.h> */
#define _ctype		k__ctype
#define isalnum		k_isalnum
#define isalpha		k_isalpha
#define iscntrl		k_iscntrl
#define isdigit		k_isdigit
#define isgraph		k_isgraph
#define islower		k_islower
#define isprint		k_isprint
#define ispunct		k_ispunct
#define isspace		k_isspace
#define isupper		k_isupper
#define isxdigit	k_isxdigit
#define isascii		k_isascii
#define toascii		k_toascii
#define tolower		k_tolower
#define toupper		k_toupper

/* <linux/bitops.h> */
#define ffs		k_ffs

/* lib/sort.c */
#define sort		k_sort
#define sort_r		k_sort_r

#endif /* _UNIT_HOST_RENAME_H */
