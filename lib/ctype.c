// SPDX-License-Identifier: GPL-2.0
/*
 * Character class table for <linux/ctype.h>: ASCII plus ISO 8859-1.
 */
#include <linux/ctype.h>

const unsigned char _ctype[256] = {
	[0x00 ... 0x08]	= _C,
	[0x09 ... 0x0d]	= _C | _S,		/* \t \n \v \f \r */
	[0x0e ... 0x1f]	= _C,
	[' ']		= _S | _SP,
	['!' ... '/']	= _P,
	['0' ... '9']	= _D,
	[':' ... '@']	= _P,
	['A' ... 'F']	= _U | _X,
	['G' ... 'Z']	= _U,
	['[' ... '`']	= _P,
	['a' ... 'f']	= _L | _X,
	['g' ... 'z']	= _L,
	['{' ... '~']	= _P,
	[0x7f]		= _C,
	[0x80 ... 0x9f]	= _C,
	[0xa0]		= _S | _SP,		/* no-break space */
	[0xa1 ... 0xbf]	= _P,
	[0xc0 ... 0xd6]	= _U,
	[0xd7]		= _P,			/* multiplication sign */
	[0xd8 ... 0xde]	= _U,
	[0xdf ... 0xf6]	= _L,
	[0xf7]		= _P,			/* division sign */
	[0xf8 ... 0xff]	= _L,
};
