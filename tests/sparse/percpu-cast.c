/* A cast that strips __percpu without __force. */
#include <linux/percpu.h>

static DEFINE_PER_CPU(int, counter);

static int *counter_ptr(void)
{
	return (int *)&counter;
}

/*
 * check-name: percpu-cast
 * check-exit-value: 1
 *
 * check-error-start
percpu-cast.c:8:17: error: cast removes address space '__percpu' of expression
 * check-error-end
 */
