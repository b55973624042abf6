// SPDX-License-Identifier: GPL-2.0
/*
 * The test init's checks for the sets outside kernel/, run when the
 * command line has "rcuos.outside" (the x86-64 defconfig boot of the whole
 * series; the small configuration has no networking).
 *
 * Networking over the loopback device: TCP and UDP over IPv4 and IPv6
 * (connect/accept/send/recv, setsockopt() of the congestion control),
 * /proc/net readers (seq_file's RCU list iterators), a route and a
 * resilient nexthop group added and removed over rtnetlink, an ingress
 * qdisc with a filter (the filter chain), an ESP state and a policy over
 * xfrm netlink with traffic through them, and a network namespace torn
 * down (its TCP congestion control, xfrm state tables and sysctls).
 * Files: flock(), POSIX and OFD record locks, a lease broken by an open,
 * signalfd, POSIX ACLs on tmpfs, io_uring with and without SQPOLL, exec
 * of a script, autofs (a lookup that waits for the daemon) and 9p (a
 * virtio share, when QEMU provides one).  Tasks: pidfds and namespace
 * files (the stashed dentries of pidfs and nsfs) with setns(), a core
 * dump of a threaded process (RLIMIT_CORE 0: nothing is written), the
 * job control of a pseudo terminal (SIGTTIN, hangup of the session) and
 * /proc/<pid>/mem of a traced child.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/auto_fs.h>
#include <linux/io_uring.h>
#include <linux/ipsec.h>
#include <linux/netlink.h>
#include <linux/nexthop.h>
#include <linux/nsfs.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <linux/xfrm.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <termios.h>
#include <unistd.h>

#include "init.h"

#define CHILD_OK(st) ((st) >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0)

/*
 * wait_for() with a limit, so that a lost wakeup fails a check instead of
 * hanging the boot: the child is killed after SECS seconds.
 */
static int wait_limited(pid_t pid, int secs)
{
	int st, i;

	for (i = 0; i < secs * 100; i++) {
		pid_t w = waitpid(pid, &st, WNOHANG);

		if (w == pid)
			return st;
		if (w < 0 && errno != EINTR)
			return -1;
		usleep(10000);
	}
	say("INIT: child %d still running after %d s: killed\n", (int)pid, secs);
	kill(pid, SIGKILL);
	return wait_for(pid);
}

static int read_file(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), n, total = 0;

	if (fd < 0)
		return -1;
	while (total < size - 1 && (n = read(fd, buf + total, size - 1 - total)) > 0)
		total += n;
	close(fd);
	buf[total] = 0;
	return total;
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755), ok;

	if (fd < 0)
		return 0;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok;
}

static int lo_up(void)
{
	struct ifreq ifr = { .ifr_name = "lo" };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), ok;

	if (fd < 0)
		return 0;
	ok = ioctl(fd, SIOCGIFFLAGS, &ifr) == 0;
	ifr.ifr_flags |= IFF_UP;
	ok = ok && ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
	close(fd);
	return ok;
}

/* ---- netlink ---- */

struct nlreq {
	struct nlmsghdr n;
	char buf[2048];
};

static void nl_init(struct nlreq *r, int type, int flags, const void *hdr, int len)
{
	memset(r, 0, sizeof(*r));
	r->n.nlmsg_len = NLMSG_LENGTH(len);
	r->n.nlmsg_type = type;
	r->n.nlmsg_flags = NLM_F_REQUEST | flags;
	memcpy(NLMSG_DATA(&r->n), hdr, len);
}

static struct rtattr *nl_put(struct nlreq *r, int type, const void *data, int len)
{
	struct rtattr *rta = (void *)((char *)r + NLMSG_ALIGN(r->n.nlmsg_len));

	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	r->n.nlmsg_len = NLMSG_ALIGN(r->n.nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

static void nl_put32(struct nlreq *r, int type, uint32_t v)
{
	nl_put(r, type, &v, sizeof(v));
}

static void nl_nest_end(struct nlreq *r, struct rtattr *nest)
{
	nest->rta_len = (char *)r + r->n.nlmsg_len - (char *)nest;
}

/*
 * Send a request on a new socket of protocol PROTO.  Without NLM_F_DUMP:
 * ask for an ack and return its error (0 on success).  With NLM_F_DUMP:
 * return the number of messages before NLMSG_DONE, or a negative error.
 */
static int nl_talk(int proto, struct nlreq *r)
{
	static unsigned int seq;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = 20 };
	int fd, ret = -EIO, count = 0;
	int dump = (r->n.nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;	/* NLM_F_EXCL is NLM_F_MATCH */
	static char buf[32768];

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (fd < 0)
		return -errno;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (!dump)
		r->n.nlmsg_flags |= NLM_F_ACK;
	r->n.nlmsg_seq = ++seq;
	if (sendto(fd, &r->n, r->n.nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		ret = -errno;
		goto out;
	}
	for (;;) {
		int len = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h;

		if (len <= 0) {
			ret = len < 0 ? -errno : -EIO;
			goto out;
		}
		for (h = (void *)buf; NLMSG_OK(h, (unsigned int)len); h = NLMSG_NEXT(h, len)) {
			if (h->nlmsg_type == NLMSG_ERROR) {
				ret = ((struct nlmsgerr *)NLMSG_DATA(h))->error;
				goto out;
			}
			if (h->nlmsg_type == NLMSG_DONE) {
				ret = count;
				goto out;
			}
			count++;
		}
	}
out:
	close(fd);
	return ret;
}

/* ---- sockets ---- */

/* A TCP connection over loopback: connect, accept, data both ways. */
static int tcp_pair(int family, const char *cc)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t sl = family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
	int l, c = -1, a = -1, one = 1, ok = 0;
	struct timeval tv = { .tv_sec = 20 };
	char buf[64] = "";
	socklen_t blen = sizeof(buf);

	ss.ss_family = family;
	if (family == AF_INET)
		((struct sockaddr_in *)&ss)->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	else
		((struct sockaddr_in6 *)&ss)->sin6_addr = in6addr_loopback;
	l = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (l < 0)
		return 0;
	if (setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l, (struct sockaddr *)&ss, sl) || listen(l, 4) ||
	    getsockname(l, (struct sockaddr *)&ss, &sl))
		goto out;
	c = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c < 0 || setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)))
		goto out;
	if (cc && setsockopt(c, IPPROTO_TCP, TCP_CONGESTION, cc, strlen(cc)))
		goto out;
	if (connect(c, (struct sockaddr *)&ss, sl))
		goto out;
	a = accept4(l, NULL, NULL, SOCK_CLOEXEC);
	if (a < 0 || setsockopt(a, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		goto out;
	if (send(c, "ping", 4, 0) != 4 || recv(a, buf, 4, MSG_WAITALL) != 4 ||
	    memcmp(buf, "ping", 4) || send(a, "pong", 4, 0) != 4 ||
	    recv(c, buf, 4, MSG_WAITALL) != 4 || memcmp(buf, "pong", 4))
		goto out;
	if (getsockopt(c, IPPROTO_TCP, TCP_CONGESTION, buf, &blen))
		goto out;
	ok = !cc || !strcmp(buf, cc);
out:
	if (a >= 0)
		close(a);
	if (c >= 0)
		close(c);
	close(l);
	return ok;
}

static int udp_pair(int family)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t sl = family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
	int s = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0), c, ok = 0;
	struct timeval tv = { .tv_sec = 20 };
	char buf[16];

	if (s < 0)
		return 0;
	ss.ss_family = family;
	if (family == AF_INET)
		((struct sockaddr_in *)&ss)->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	else
		((struct sockaddr_in6 *)&ss)->sin6_addr = in6addr_loopback;
	c = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (c >= 0 && !bind(s, (struct sockaddr *)&ss, sl) &&
	    !getsockname(s, (struct sockaddr *)&ss, &sl) &&
	    sendto(c, "udp", 3, 0, (struct sockaddr *)&ss, sl) == 3 &&
	    recv(s, buf, sizeof(buf), 0) == 3 && !memcmp(buf, "udp", 3))
		ok = 1;
	if (c >= 0)
		close(c);
	close(s);
	return ok;
}

/* A listening socket shows up in /proc/net/tcp while it exists. */
static int proc_net_tcp_lists_listener(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t sl = sizeof(sin);
	int l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok = 0;
	static char buf[65536];
	char want[32];

	if (l < 0)
		return 0;
	if (!bind(l, (struct sockaddr *)&sin, sl) && !listen(l, 1) &&
	    !getsockname(l, (struct sockaddr *)&sin, &sl) &&
	    read_file("/proc/net/tcp", buf, sizeof(buf)) > 0) {
		snprintf(want, sizeof(want), "0100007F:%04X", ntohs(sin.sin_port));
		ok = strstr(buf, want) != NULL;
	}
	close(l);
	return ok;
}

static void test_sockets(void)
{
	static const char *const files[] = {
		"/proc/net/tcp", "/proc/net/tcp6", "/proc/net/udp", "/proc/net/udp6",
		"/proc/net/unix", "/proc/net/netlink", "/proc/net/packet", "/proc/net/raw",
		"/proc/net/route", "/proc/net/ipv6_route", "/proc/net/fib_trie",
		"/proc/net/dev", "/proc/net/snmp", "/proc/net/if_inet6", "/proc/net/ptype",
		"/proc/net/protocols", "/proc/net/sockstat",
		"/proc/net/psched",
	};
	static char buf[65536];
	char cc[64] = "";
	unsigned int i;
	int pk, ok;

	result("net-lo-up", lo_up(), "SIOCSIFFLAGS IFF_UP on lo");
	result("net-tcp4", tcp_pair(AF_INET, NULL), "TCP over 127.0.0.1");
	result("net-tcp4-congestion", tcp_pair(AF_INET, "reno"), "TCP_CONGESTION reno");
	result("net-udp4", udp_pair(AF_INET), "UDP over 127.0.0.1");
	result("net-tcp6", tcp_pair(AF_INET6, NULL), "TCP over ::1");
	result("net-udp6", udp_pair(AF_INET6), "UDP over ::1");
	result("net-proc-tcp", proc_net_tcp_lists_listener(), "listener in /proc/net/tcp");
	/* A packet socket, so that /proc/net/packet's RCU hlist is not empty. */
	pk = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(0x0003));
	ok = pk >= 0;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (read_file(files[i], buf, sizeof(buf)) <= 0) {
			say("INIT: cannot read %s\n", files[i]);
			ok = 0;
		}
	}
	if (pk >= 0)
		close(pk);
	result("net-proc-files", ok, "reading the /proc/net files");
	ok = read_file("/proc/sys/net/ipv4/tcp_congestion_control", cc, sizeof(cc)) > 0 &&
	     write_file("/proc/sys/net/ipv4/tcp_congestion_control", "reno\n") &&
	     tcp_pair(AF_INET, NULL);
	if (cc[0])
		ok = write_file("/proc/sys/net/ipv4/tcp_congestion_control", cc) && ok;
	result("net-default-congestion", ok, "net.ipv4.tcp_congestion_control");
}

/* ---- routes, nexthops, tc ---- */

static int route_req(int type, int flags, uint32_t dst, uint32_t nhid)
{
	struct rtmsg rtm = {
		.rtm_family = AF_INET, .rtm_dst_len = 24, .rtm_table = RT_TABLE_MAIN,
		.rtm_protocol = RTPROT_STATIC, .rtm_type = RTN_UNICAST,
		.rtm_scope = nhid ? RT_SCOPE_UNIVERSE : RT_SCOPE_LINK,
	};
	struct nlreq r;

	nl_init(&r, type, flags, &rtm, sizeof(rtm));
	nl_put(&r, RTA_DST, &dst, 4);
	if (nhid)
		nl_put32(&r, RTA_NH_ID, nhid);
	else
		nl_put32(&r, RTA_OIF, if_nametoindex("lo"));
	return nl_talk(NETLINK_ROUTE, &r);
}

static int nexthop_add(uint32_t id, const char *gw)
{
	struct nhmsg nhm = { .nh_family = AF_INET, .nh_flags = RTNH_F_ONLINK };
	struct nlreq r;
	struct in_addr a;

	inet_pton(AF_INET, gw, &a);
	nl_init(&r, RTM_NEWNEXTHOP, NLM_F_CREATE | NLM_F_EXCL, &nhm, sizeof(nhm));
	nl_put32(&r, NHA_ID, id);
	nl_put32(&r, NHA_OIF, if_nametoindex("lo"));
	nl_put(&r, NHA_GATEWAY, &a, 4);
	return nl_talk(NETLINK_ROUTE, &r);
}

static int nexthop_id_req(int type, uint32_t id)
{
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };
	struct nlreq r;

	nl_init(&r, type, 0, &nhm, sizeof(nhm));
	nl_put32(&r, NHA_ID, id);
	return nl_talk(NETLINK_ROUTE, &r);
}

static void test_routing(void)
{
	struct nexthop_grp grp[2] = { { .id = 101 }, { .id = 102 } };
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };
	uint16_t type = NEXTHOP_GRP_TYPE_RES, buckets = 8;
	uint32_t dst = htonl(0x0a630000), dst2 = htonl(0x0a620000);	/* 10.99/24, 10.98/24 */
	struct rtattr *nest;
	struct nlreq r;
	int e1, e2, e3, e4, n;

	e1 = route_req(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, dst, 0);
	nl_init(&r, RTM_GETROUTE, NLM_F_DUMP, &(struct rtmsg){ .rtm_family = AF_INET },
		sizeof(struct rtmsg));
	n = nl_talk(NETLINK_ROUTE, &r);
	e2 = route_req(RTM_DELROUTE, 0, dst, 0);
	result("net-route-add-del", !e1 && !e2 && n > 0, "RTM_NEWROUTE/RTM_DELROUTE on lo");
	if (e1 || e2 || n <= 0)
		say("INIT: route: new %d dump %d del %d\n", e1, n, e2);

	e1 = nexthop_add(101, "10.97.0.1");
	e2 = nexthop_add(102, "10.97.0.2");
	nl_init(&r, RTM_NEWNEXTHOP, NLM_F_CREATE | NLM_F_EXCL, &nhm, sizeof(nhm));
	nl_put32(&r, NHA_ID, 110);
	nl_put(&r, NHA_GROUP, grp, sizeof(grp));
	nl_put(&r, NHA_GROUP_TYPE, &type, sizeof(type));
	nest = nl_put(&r, NHA_RES_GROUP | NLA_F_NESTED, NULL, 0);
	nl_put(&r, NHA_RES_GROUP_BUCKETS, &buckets, sizeof(buckets));
	nl_nest_end(&r, nest);
	e3 = nl_talk(NETLINK_ROUTE, &r);
	e4 = route_req(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, dst2, 110);
	nl_init(&r, RTM_GETNEXTHOPBUCKET, NLM_F_DUMP, &nhm, sizeof(nhm));
	n = nl_talk(NETLINK_ROUTE, &r);
	result("net-nexthop-resilient", !e1 && !e2 && !e3 && !e4 && n == buckets,
	       "nexthops, a resilient group, a route through it, bucket dump");
	if (e1 || e2 || e3 || e4 || n != buckets)
		say("INIT: nexthop: %d %d group %d route %d buckets %d\n", e1, e2, e3, e4, n);
	/* Removing a member replaces its buckets; then the group and the rest. */
	e1 = nexthop_id_req(RTM_DELNEXTHOP, 102);
	nl_init(&r, RTM_GETNEXTHOPBUCKET, NLM_F_DUMP, &nhm, sizeof(nhm));
	n = nl_talk(NETLINK_ROUTE, &r);
	e2 = nexthop_id_req(RTM_DELNEXTHOP, 110);
	e3 = nexthop_id_req(RTM_DELNEXTHOP, 101);
	nl_init(&r, RTM_GETNEXTHOP, NLM_F_DUMP, &nhm, sizeof(nhm));
	e4 = nl_talk(NETLINK_ROUTE, &r);
	result("net-nexthop-delete", !e1 && n == buckets && !e2 && !e3 && e4 == 0,
	       "member, group and nexthop removed");
	if (e1 || n != buckets || e2 || e3 || e4)
		say("INIT: nexthop del: %d buckets %d group %d %d left %d\n", e1, n, e2, e3, e4);
}

static int tc_req(int type, int flags, uint32_t parent, uint32_t handle, uint32_t info,
		  const char *kind)
{
	struct tcmsg t = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = if_nametoindex("lo"),
		.tcm_parent = parent, .tcm_handle = handle, .tcm_info = info,
	};
	struct rtattr *nest;
	struct nlreq r;

	nl_init(&r, type, flags, &t, sizeof(t));
	if (kind) {
		nl_put(&r, TCA_KIND, kind, strlen(kind) + 1);
		if (!strcmp(kind, "basic")) {
			nest = nl_put(&r, TCA_OPTIONS | NLA_F_NESTED, NULL, 0);
			nl_put32(&r, TCA_BASIC_CLASSID, 0x10001);
			nl_nest_end(&r, nest);
		}
	}
	return nl_talk(NETLINK_ROUTE, &r);
}

/* An ingress qdisc on lo with two filters, traffic through it, removal. */
static void test_tc(void)
{
	uint32_t ingress = TC_H_MAKE(TC_H_INGRESS, 0), all = htons(0x0003);
	int e1, e2, e3, e4, e5, e6, ok;

	e1 = tc_req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, TC_H_INGRESS, 0xffff0000, 0, "ingress");
	e2 = tc_req(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, ingress, 0, TC_H_MAKE(1 << 16, all), "basic");
	e3 = tc_req(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, ingress, 0, TC_H_MAKE(2 << 16, all), "basic");
	ok = udp_pair(AF_INET) && tcp_pair(AF_INET, NULL);
	e4 = tc_req(RTM_DELTFILTER, 0, ingress, 0, TC_H_MAKE(1 << 16, all), NULL);
	e5 = tc_req(RTM_DELTFILTER, 0, ingress, 0, TC_H_MAKE(2 << 16, all), NULL);
	e6 = tc_req(RTM_DELQDISC, 0, TC_H_INGRESS, 0xffff0000, 0, NULL);
	result("net-tc-filters", !e1 && !e2 && !e3 && ok && !e4 && !e5 && !e6,
	       "ingress qdisc, basic filters, traffic, removal");
	if (e1 || e2 || e3 || !ok || e4 || e5 || e6)
		say("INIT: tc: %d %d %d traffic %d del %d %d %d\n", e1, e2, e3, ok, e4, e5, e6);
}

/* ---- xfrm ---- */

static int xfrm_add_sa(uint32_t spi)
{
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo a;
		char key[4];
	} alg = { 0 };
	struct nlreq r;

	sa.id.daddr.a4 = htonl(INADDR_LOOPBACK);
	sa.id.spi = htonl(spi);
	sa.id.proto = IPPROTO_ESP;
	sa.saddr.a4 = htonl(INADDR_LOOPBACK);
	sa.family = AF_INET;
	sa.mode = XFRM_MODE_TRANSPORT;
	sa.reqid = 7;
	sa.sel.family = AF_INET;
	sa.lft.soft_byte_limit = sa.lft.hard_byte_limit = XFRM_INF;
	sa.lft.soft_packet_limit = sa.lft.hard_packet_limit = XFRM_INF;
	nl_init(&r, XFRM_MSG_NEWSA, 0, &sa, sizeof(sa));
	strcpy(alg.a.alg_name, "ecb(cipher_null)");
	nl_put(&r, XFRMA_ALG_CRYPT, &alg, sizeof(alg.a));
	strcpy(alg.a.alg_name, "digest_null");
	nl_put(&r, XFRMA_ALG_AUTH, &alg, sizeof(alg.a));
	return nl_talk(NETLINK_XFRM, &r);
}

static int xfrm_policy(int type, int port)
{
	struct xfrm_userpolicy_info p = { 0 };
	struct xfrm_userpolicy_id id = { 0 };
	struct xfrm_user_tmpl t = { 0 };
	struct xfrm_selector sel = { 0 };
	struct nlreq r;

	sel.daddr.a4 = sel.saddr.a4 = htonl(INADDR_LOOPBACK);
	sel.family = AF_INET;
	sel.prefixlen_d = sel.prefixlen_s = 32;
	sel.proto = IPPROTO_UDP;
	sel.dport = htons(port);
	sel.dport_mask = 0xffff;
	if (type == XFRM_MSG_DELPOLICY) {
		id.sel = sel;
		id.dir = XFRM_POLICY_OUT;
		nl_init(&r, type, 0, &id, sizeof(id));
		return nl_talk(NETLINK_XFRM, &r);
	}
	p.sel = sel;
	p.lft.soft_byte_limit = p.lft.hard_byte_limit = XFRM_INF;
	p.lft.soft_packet_limit = p.lft.hard_packet_limit = XFRM_INF;
	p.dir = XFRM_POLICY_OUT;
	p.action = XFRM_POLICY_ALLOW;
	t.id.daddr.a4 = htonl(INADDR_LOOPBACK);
	t.id.proto = IPPROTO_ESP;
	t.family = AF_INET;
	t.saddr.a4 = htonl(INADDR_LOOPBACK);
	t.reqid = 7;
	t.mode = XFRM_MODE_TRANSPORT;
	t.aalgos = t.ealgos = t.calgos = ~0u;
	nl_init(&r, type, 0, &p, sizeof(p));
	nl_put(&r, XFRMA_TMPL, &t, sizeof(t));
	return nl_talk(NETLINK_XFRM, &r);
}

/* UDP to 127.0.0.1:port through the ESP policy; returns 1 if it arrived. */
static int udp_through(int port)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET, .sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	struct timeval tv = { .tv_sec = 10 };
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), c, ok = 0;
	char buf[16];

	if (s < 0)
		return 0;
	c = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (c >= 0 && !bind(s, (struct sockaddr *)&sin, sizeof(sin)) &&
	    sendto(c, "esp", 3, 0, (struct sockaddr *)&sin, sizeof(sin)) == 3 &&
	    recv(s, buf, sizeof(buf), 0) == 3 && !memcmp(buf, "esp", 3))
		ok = 1;
	if (c >= 0)
		close(c);
	close(s);
	return ok;
}

/* The number of states a dump returns (a dump request has no header). */
static int xfrm_count_sa(void)
{
	struct nlreq r;

	nl_init(&r, XFRM_MSG_GETSA, NLM_F_DUMP, &r, 0);
	return nl_talk(NETLINK_XFRM, &r);
}

static void test_xfrm(void)
{
	struct xfrm_usersa_id id = {
		.daddr.a4 = htonl(INADDR_LOOPBACK), .spi = htonl(0x1001),
		.family = AF_INET, .proto = IPPROTO_ESP,
	};
	struct xfrm_usersa_flush fl = { .proto = IPSEC_PROTO_ANY };
	struct nlreq r;
	int e1, e2, e3, e4, e5, n, ok;

	e1 = xfrm_add_sa(0x1001);
	n = xfrm_count_sa();
	nl_init(&r, XFRM_MSG_DELSA, 0, &id, sizeof(id));
	e3 = nl_talk(NETLINK_XFRM, &r);
	result("xfrm-newsa-delsa", !e1 && n == 1 && !e3, "XFRM_MSG_NEWSA, dump, XFRM_MSG_DELSA");
	if (e1 || n != 1 || e3)
		say("INIT: xfrm: new %d dump %d del %d\n", e1, n, e3);

	/* ESP over loopback: the output policy finds the state. */
	e1 = xfrm_add_sa(0x1002);
	e2 = xfrm_policy(XFRM_MSG_NEWPOLICY, 5555);
	ok = udp_through(5555);
	e3 = xfrm_policy(XFRM_MSG_DELPOLICY, 5555);
	e4 = xfrm_add_sa(0x1003);
	nl_init(&r, XFRM_MSG_FLUSHSA, 0, &fl, sizeof(fl));
	e5 = nl_talk(NETLINK_XFRM, &r);
	n = xfrm_count_sa();
	result("xfrm-esp-traffic", !e1 && !e2 && ok && !e3 && !e4 && !e5 && n == 0,
	       "UDP through an ESP transport state, policy removed, states flushed");
	if (e1 || e2 || !ok || e3 || e4 || e5 || n)
		say("INIT: xfrm esp: sa %d pol %d udp %d delpol %d sa %d flush %d left %d\n",
		    e1, e2, ok, e3, e4, e5, n);
}

/* A network namespace with its own TCP, xfrm state and sysctls, torn down. */
static void test_netns(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		char cc[64];

		if (unshare(CLONE_NEWNET))
			_exit(1);
		if (!lo_up() || !tcp_pair(AF_INET, NULL) || !tcp_pair(AF_INET6, NULL))
			_exit(2);
		if (read_file("/proc/sys/net/ipv4/tcp_congestion_control", cc, sizeof(cc)) <= 0 ||
		    !write_file("/proc/sys/net/ipv4/tcp_congestion_control", "reno\n") ||
		    !tcp_pair(AF_INET, NULL))
			_exit(3);
		if (xfrm_add_sa(0x2001))
			_exit(4);
		_exit(0);	/* the namespace dies with its last task */
	}
	st = wait_limited(pid, 120);
	result("netns-teardown", CHILD_OK(st), "unshare(CLONE_NEWNET), TCP, xfrm state, exit");
	if (!CHILD_OK(st))
		say("INIT: netns child status 0x%x\n", st);
	/* Its cleanup runs from a workqueue: another one, while it may run. */
	pid = fork();
	if (pid == 0)
		_exit(unshare(CLONE_NEWNET) || !lo_up() || !udp_pair(AF_INET));
	st = wait_limited(pid, 120);
	result("netns-second", CHILD_OK(st), "a second network namespace");
}

/* ---- file locks, leases, signalfd ---- */

static volatile sig_atomic_t lease_broken;

static void on_lease_sigio(int sig)
{
	(void)sig;
	lease_broken = 1;
}

static void test_locks(void)
{
	const char *path = "/mnt/rcuos-lock";
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	static char buf[8192];
	int fd, st, ok, i;
	pid_t pid;

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	ok = fd >= 0 && flock(fd, LOCK_EX) == 0;
	pid = fork();
	if (pid == 0) {
		int f = open(path, O_RDWR);

		_exit(f >= 0 && flock(f, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK ? 0 : 1);
	}
	st = wait_for(pid);
	ok = ok && CHILD_OK(st) && read_file("/proc/locks", buf, sizeof(buf)) > 0 &&
	     strstr(buf, "FLOCK") && flock(fd, LOCK_UN) == 0;
	result("locks-flock", ok, "flock() conflict in a child");

	ok = fcntl(fd, F_SETLK, &fl) == 0;
	pid = fork();
	if (pid == 0) {
		struct flock g = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 5 };
		int f = open(path, O_RDWR);

		if (f < 0 || fcntl(f, F_GETLK, &g) || g.l_type != F_WRLCK || g.l_pid != getppid())
			_exit(1);
		g.l_type = F_WRLCK;
		_exit(fcntl(f, F_SETLK, &g) < 0 && (errno == EAGAIN || errno == EACCES) ? 0 : 2);
	}
	st = wait_for(pid);
	ok = ok && CHILD_OK(st) && read_file("/proc/locks", buf, sizeof(buf)) > 0 &&
	     strstr(buf, "POSIX");
	fl.l_type = F_UNLCK;
	ok = ok && fcntl(fd, F_SETLK, &fl) == 0;
	fl.l_type = F_WRLCK;
	fl.l_pid = 0;
	ok = ok && fcntl(fd, F_OFD_SETLK, &fl) == 0;
	fl.l_type = F_UNLCK;
	ok = ok && fcntl(fd, F_OFD_SETLK, &fl) == 0;
	result("locks-posix-ofd", ok, "F_SETLK/F_GETLK conflict, OFD lock");
	close(fd);

	/* A write lease, broken by another process's open(). */
	write_file("/proc/sys/fs/lease-break-time", "15\n");
	signal(SIGIO, on_lease_sigio);
	lease_broken = 0;
	fd = open(path, O_RDWR | O_CLOEXEC);
	ok = fd >= 0 && fcntl(fd, F_SETLEASE, F_WRLCK) == 0 && fcntl(fd, F_GETLEASE) == F_WRLCK;
	pid = fork();
	if (pid == 0) {
		int f = open(path, O_RDONLY);	/* waits for the lease holder */

		_exit(f >= 0 ? 0 : 1);
	}
	for (i = 0; ok && !lease_broken && i < 10000; i++)
		usleep(1000);
	ok = ok && lease_broken && fcntl(fd, F_SETLEASE, F_UNLCK) == 0;
	st = wait_limited(pid, 60);
	result("locks-lease-break", ok && CHILD_OK(st), "SIGIO lease break, F_UNLCK, open completes");
	if (fd >= 0) {
		/* A read lease on a read-only descriptor, released. */
		int r = open(path, O_RDONLY | O_CLOEXEC);

		close(fd);
		ok = r >= 0 && fcntl(r, F_SETLEASE, F_RDLCK) == 0 &&
		     fcntl(r, F_GETLEASE) == F_RDLCK && fcntl(r, F_SETLEASE, F_UNLCK) == 0;
		result("locks-read-lease", ok, "F_RDLCK lease");
		if (r >= 0)
			close(r);
	}
	signal(SIGIO, SIG_DFL);
	unlink(path);
}

static void test_signalfd(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		struct signalfd_siginfo si;
		sigset_t set;
		pid_t kid;
		int sfd;

		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigaddset(&set, SIGUSR2);
		sigprocmask(SIG_BLOCK, &set, NULL);
		sfd = signalfd(-1, &set, SFD_CLOEXEC);
		if (sfd < 0)
			_exit(1);
		kill(getpid(), SIGUSR1);
		if (read(sfd, &si, sizeof(si)) != sizeof(si) || si.ssi_signo != SIGUSR1)
			_exit(2);
		/* A signal from another process wakes a blocked read. */
		kid = fork();
		if (kid == 0) {
			usleep(20000);
			kill(getppid(), SIGUSR2);
			_exit(0);
		}
		if (read(sfd, &si, sizeof(si)) != sizeof(si) || si.ssi_signo != SIGUSR2 ||
		    (pid_t)si.ssi_pid != kid)
			_exit(3);
		wait_for(kid);
		_exit(0);
	}
	st = wait_limited(pid, 60);
	result("signalfd", CHILD_OK(st), "signalfd reads of own and sent signals");
}

/* ---- ACLs, io_uring, exec, coredump ---- */

struct acl_xattr {
	uint32_t version;
	struct {
		uint16_t tag, perm;
		uint32_t id;
	} e[5];
};

/*
 * Fork a child that takes uid and gid UID (no supplementary groups) and
 * opens PATH with FLAGS: 0 if it could, 1 on EACCES.
 */
static int open_as(uid_t uid, const char *path, int flags)
{
	pid_t pid = fork();
	int fd;

	if (pid == 0) {
		if (setgroups(0, NULL) || setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
			_exit(2);
		fd = open(path, flags);
		_exit(fd >= 0 ? 0 : errno == EACCES ? 1 : 3);
	}
	fd = wait_for(pid);
	return fd >= 0 && WIFEXITED(fd) ? WEXITSTATUS(fd) : 4;
}

static void test_acl(void)
{
	const char *path = "/mnt/rcuos-acl";
	struct acl_xattr acl = {
		.version = 2,
		.e = {
			{ 0x01, 6, ~0u },	/* user::rw- */
			{ 0x02, 4, 1000 },	/* user:1000:r-- */
			{ 0x04, 4, ~0u },	/* group::r-- */
			{ 0x10, 4, ~0u },	/* mask::r-- */
			{ 0x20, 0, ~0u },	/* other::--- */
		},
	};
	struct acl_xattr back;
	int fd, step = 0;

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, "acl", 3) != 3)
		goto out;
	close(fd);
	fd = -1;
	step++;
	if (setxattr(path, "system.posix_acl_access", &acl, sizeof(acl), 0) ||
	    getxattr(path, "system.posix_acl_access", &back, sizeof(back)) != sizeof(acl) ||
	    memcmp(&acl, &back, sizeof(acl)))
		goto out;
	/* uid 1000 may read through its entry (not write), uid 1001 not at all. */
	step++;
	if (open_as(1000, path, O_RDONLY) != 0 || open_as(1000, path, O_WRONLY) != 1 ||
	    open_as(1001, path, O_RDONLY) != 1)
		goto out;
	step++;
	if (removexattr(path, "system.posix_acl_access") || open_as(1000, path, O_RDONLY) != 1)
		goto out;
	step++;
out:
	if (fd >= 0)
		close(fd);
	result("acl-tmpfs", step == 4, "POSIX ACL set, enforced, read back, removed");
	if (step != 4)
		say("INIT: acl: failed at step %d\n", step);
	unlink(path);
}

static int uring_nop(unsigned int flags)
{
	struct io_uring_params p = { .flags = flags, .sq_thread_idle = 50 };
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqe;
	unsigned int *tail, *head, idx, ctail;
	size_t sqsz, cqsz;
	char *sq, *cq;
	int fd, ok = 0;

	fd = syscall(__NR_io_uring_setup, 4, &p);
	if (fd < 0)
		return 0;
	sqsz = p.sq_off.array + p.sq_entries * sizeof(unsigned int);
	cqsz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	sq = mmap(NULL, sqsz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, IORING_OFF_SQ_RING);
	cq = mmap(NULL, cqsz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED)
		goto out;
	tail = (unsigned int *)(sq + p.sq_off.tail);
	idx = *tail & *(unsigned int *)(sq + p.sq_off.ring_mask);
	memset(&sqes[idx], 0, sizeof(sqes[idx]));
	sqes[idx].opcode = IORING_OP_NOP;
	sqes[idx].user_data = 42;
	((unsigned int *)(sq + p.sq_off.array))[idx] = idx;
	__atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, fd, 1, 1,
		    IORING_ENTER_GETEVENTS | (flags & IORING_SETUP_SQPOLL ? IORING_ENTER_SQ_WAKEUP : 0),
		    NULL, 0) < 0)
		goto out;
	head = (unsigned int *)(cq + p.cq_off.head);
	ctail = __atomic_load_n((unsigned int *)(cq + p.cq_off.tail), __ATOMIC_ACQUIRE);
	if (ctail != *head) {
		cqe = &((struct io_uring_cqe *)(cq + p.cq_off.cqes))[*head &
			*(unsigned int *)(cq + p.cq_off.ring_mask)];
		ok = cqe->user_data == 42 && cqe->res == 0;
		__atomic_store_n(head, *head + 1, __ATOMIC_RELEASE);
	}
out:
	close(fd);	/* the ring's exit work cancels with the SQPOLL thread */
	return ok;
}

static void test_uring(void)
{
	result("io_uring-nop", uring_nop(0), "IORING_OP_NOP");
	result("io_uring-sqpoll-nop", uring_nop(IORING_SETUP_SQPOLL), "IORING_OP_NOP with SQPOLL");
}

static void test_exec_script(void)
{
	pid_t pid;
	int st;

	if (!write_file("/mnt/rcuos-script", "#!/init rcuos-script-child\n")) {
		result("exec-script", 0, "writing the script");
		return;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { "/mnt/rcuos-script", NULL };
		char *envp[] = { NULL };

		execve(argv[0], argv, envp);
		_exit(2);
	}
	st = wait_for(pid);
	result("exec-script", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 44,
	       "execve() of a #! script");
}

static void *coredump_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void test_coredump(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		struct rlimit rl = { 0, 0 };
		pthread_t t;
		int i;

		setrlimit(RLIMIT_CORE, &rl);
		for (i = 0; i < 3; i++)
			pthread_create(&t, NULL, coredump_thread, NULL);
		usleep(10000);
		raise(SIGQUIT);
		_exit(1);
	}
	st = wait_limited(pid, 60);
	result("coredump-threads", st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGQUIT &&
	       !WCOREDUMP(st), "SIGQUIT of a threaded process, no core written");
}

/* ---- pidfds, namespaces, tty, /proc ---- */

static void test_pidfd_ns(void)
{
	struct stat s1, s2;
	char path[64], host[64];
	int p[2], pfd, pfd2, nfd, nfd2, st, ok;
	pid_t pid, kid;
	struct pollfd pl;

	if (pipe(p)) {
		result("pidfd-stashed", 0, "pipe");
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (unshare(CLONE_NEWUTS | CLONE_NEWNET | CLONE_NEWIPC) ||
		    sethostname("rcuos-ns", 8) || write(p[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(p[1]);
	ok = read(p[0], host, 1) == 1;
	close(p[0]);
	pfd = syscall(SYS_pidfd_open, pid, 0);
	pfd2 = syscall(SYS_pidfd_open, pid, 0);
	ok = ok && pfd >= 0 && pfd2 >= 0 && !fstat(pfd, &s1) && !fstat(pfd2, &s2) &&
	     s1.st_ino == s2.st_ino;
	result("pidfd-stashed", ok, "two pidfds of a task share the pidfs inode");

	snprintf(path, sizeof(path), "/proc/%d/ns/uts", pid);
	nfd = open(path, O_RDONLY | O_CLOEXEC);
	nfd2 = open(path, O_RDONLY | O_CLOEXEC);
	ok = nfd >= 0 && nfd2 >= 0 && !fstat(nfd, &s1) && !fstat(nfd2, &s2) &&
	     s1.st_ino == s2.st_ino && ioctl(nfd, NS_GET_NSTYPE) == CLONE_NEWUTS;
	if (nfd2 >= 0)
		close(nfd2);
	kid = fork();
	if (kid == 0) {
		char h[64] = "";

		if (setns(nfd, CLONE_NEWUTS) || gethostname(h, sizeof(h)) || strcmp(h, "rcuos-ns"))
			_exit(1);
		if (setns(pfd, CLONE_NEWNET | CLONE_NEWIPC))
			_exit(2);
		_exit(lo_up() && udp_pair(AF_INET) ? 0 : 3);
	}
	st = wait_limited(kid, 60);
	result("nsfs-setns", ok && CHILD_OK(st), "nsfs inode shared, setns() by nsfd and pidfd");
	if (!CHILD_OK(st))
		say("INIT: setns child status 0x%x\n", st);
	if (nfd >= 0)
		close(nfd);

	ok = syscall(SYS_pidfd_send_signal, pfd, SIGKILL, NULL, 0) == 0;
	pl.fd = pfd;
	pl.events = POLLIN;
	ok = ok && poll(&pl, 1, 20000) == 1 && (pl.revents & POLLIN);
	st = wait_for(pid);
	result("pidfd-signal-poll", ok && st >= 0 && WIFSIGNALED(st), "pidfd_send_signal, poll");
	if (pfd >= 0)
		close(pfd);
	if (pfd2 >= 0)
		close(pfd2);
}

/*
 * A session with a pseudo terminal: a background process group's read
 * stops it with SIGTTIN (tty_check_change()), and closing the master hangs
 * up the session leader.
 */
static void test_tty(void)
{
	char c = 0, name[64] = "";
	int m, p[2], st;
	pid_t leader;

	mkdir("/dev/pts", 0755);
	mount("devpts", "/dev/pts", "devpts", 0, "ptmxmode=0666");
	m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (m < 0 || grantpt(m) || unlockpt(m) || ptsname_r(m, name, sizeof(name)) || pipe(p)) {
		result("tty-job-control", 0, "posix_openpt");
		return;
	}
	leader = fork();
	if (leader == 0) {
		int s, ws;
		pid_t bg;

		close(p[0]);
		close(m);	/* only the parent holds the master */
		if (setsid() < 0)
			_exit(1);
		s = open(name, O_RDWR);
		if (s < 0 || tcgetsid(s) != getpid())
			_exit(2);
		bg = fork();
		if (bg == 0) {
			setpgid(0, 0);
			if (read(s, &c, 1) < 0)
				_exit(3);
			_exit(4);
		}
		setpgid(bg, bg);
		c = 'f';
		if (waitpid(bg, &ws, WUNTRACED) == bg && WIFSTOPPED(ws) && WSTOPSIG(ws) == SIGTTIN)
			c = 'k';
		kill(bg, SIGKILL);
		waitpid(bg, &ws, 0);
		if (write(p[1], &c, 1) != 1)
			_exit(5);
		for (;;)
			pause();
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		c = 0;
	close(p[0]);
	close(m);	/* hangs up the terminal: SIGHUP to the session leader */
	st = wait_limited(leader, 60);
	result("tty-job-control", c == 'k' && st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGHUP,
	       "SIGTTIN of a background read, SIGHUP at hangup");
	if (c != 'k' || !(st >= 0 && WIFSIGNALED(st)))
		say("INIT: tty: bg '%c' leader status 0x%x\n", c ? c : '0', st);
}

static volatile long proc_mem_value = 0x5eed;

static void test_proc_mem(void)
{
	pid_t pid = fork();
	char path[64];
	long v = 0;
	int fd, st, ok;

	if (pid == 0) {
		for (;;)
			pause();
	}
	ok = ptrace(PTRACE_ATTACH, pid, 0, 0) == 0;
	st = ok ? wait_for(pid) : -1;
	ok = ok && st >= 0 && WIFSTOPPED(st);
	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ok = ok && fd >= 0 &&
	     pread(fd, &v, sizeof(v), (off_t)(uintptr_t)&proc_mem_value) == sizeof(v) &&
	     v == 0x5eed;
	if (fd >= 0)
		close(fd);
	kill(pid, SIGKILL);
	wait_for(pid);
	result("proc-mem-traced", ok, "/proc/<pid>/mem of a traced child");
}

/* ---- autofs, 9p ---- */

/*
 * The daemon (a new session, so that its process group is the mount's)
 * mounts an indirect autofs map; a walker in another process group looks
 * up a key, waits in autofs_wait(), and the daemon fails the request.
 */
static int autofs_daemon(void)
{
	union autofs_v5_packet_union pkt = { 0 };
	struct pollfd pl;
	char opts[128];
	int p[2], fd, ws, ret = 0;
	pid_t walker;

	if (setsid() < 0 || pipe(p))
		return 1;
	mkdir("/autofs", 0755);
	snprintf(opts, sizeof(opts), "fd=%d,pgrp=%d,minproto=5,maxproto=5,indirect",
		 p[1], getpgrp());
	if (mount("rcuos", "/autofs", "autofs", 0, opts))
		return 2;
	walker = fork();
	if (walker == 0) {
		struct stat st;

		setpgid(0, 0);
		_exit(stat("/autofs/key", &st) < 0 && errno == ENOENT ? 0 : 1);
	}
	pl.fd = p[0];
	pl.events = POLLIN;
	if (poll(&pl, 1, 30000) != 1 ||
	    read(p[0], &pkt, sizeof(pkt)) < (ssize_t)sizeof(pkt.hdr) ||
	    strcmp(pkt.v5_packet.name, "key"))
		ret = 3;
	fd = open("/autofs", O_RDONLY | O_DIRECTORY);
	if (fd < 0 || ioctl(fd, AUTOFS_IOC_FAIL, pkt.v5_packet.wait_queue_token))
		ret = ret ? ret : 4;
	if (ret)	/* the walker may still wait: release it */
		kill(walker, SIGKILL);
	ws = wait_limited(walker, 60);
	if (!CHILD_OK(ws))
		ret = ret ? ret : 5;
	if (fd >= 0) {
		ioctl(fd, AUTOFS_IOC_CATATONIC, 0);
		close(fd);
	}
	if (umount("/autofs"))
		ret = ret ? ret : 6;
	return ret;
}

static void test_autofs(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0)
		_exit(autofs_daemon());
	st = wait_limited(pid, 180);
	result("autofs-wait-fail", CHILD_OK(st), "lookup waits for the daemon, which fails it");
	if (!CHILD_OK(st))
		say("INIT: autofs daemon status 0x%x\n", st);
}

static void test_9p(void)
{
	char buf[64];
	int ok;

	mkdir("/mnt9p", 0755);
	if (mount("rcuos9p", "/mnt9p", "9p", 0, "trans=virtio,version=9p2000.L")) {
		say("INIT: no 9p share (errno %d): 9p not tested\n", errno);
		return;
	}
	ok = read_file("/mnt9p/hello", buf, sizeof(buf)) > 0 && !strcmp(buf, "rcuos 9p\n") &&
	     write_file("/mnt9p/written", "from the guest\n") && unlink("/mnt9p/written") == 0;
	umount("/mnt9p");
	result("9p-read-write", ok, "read, write and unlink on a virtio 9p share");
}

void test_outside(void)
{
	/* The initramfs root is 0700 (mktemp -d): let other uids reach /mnt. */
	chmod("/", 0755);
	mkdir("/mnt", 0755);
	if (mount("tmpfs", "/mnt", "tmpfs", 0, "mode=0755"))
		say("INIT: tmpfs mount on /mnt failed (errno %d)\n", errno);
	test_sockets();
	test_routing();
	test_tc();
	test_xfrm();
	test_netns();
	test_locks();
	test_signalfd();
	test_acl();
	test_uring();
	test_exec_script();
	test_coredump();
	test_pidfd_ns();
	test_tty();
	test_proc_mem();
	test_autofs();
	test_9p();
}
