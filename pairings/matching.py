"""Maximum matching in a general graph (Edmonds' blossom algorithm), for pairings.

Swiss pairing asks, again and again, "can the players still unpaired all be
paired with someone they have not met?" — whether a perfect matching exists in
the graph of games not yet played. Depth-first search answers that in
exponential time in the worst case; Edmonds' algorithm in polynomial time.
Beyond that, one search from the only unmatched vertex of a near-perfect
matching finds every vertex that some maximum matching leaves out (the "even"
vertices of the Gallai–Edmonds decomposition), which is exactly the set of
partners a player may take while the rest stays pairable.
"""

from collections.abc import Sequence


class Matching:
    """A maximum matching of the graph ``adjacency`` (vertex ids 0..n-1) among its live vertices."""

    def __init__(self, adjacency: Sequence[Sequence[int]]) -> None:
        self.adjacency = adjacency
        n = len(adjacency)
        self.mate = [-1] * n
        self.alive = [True] * n
        # A greedy start leaves few vertices for the expensive augmenting searches.
        for v in range(n):
            if self.mate[v] == -1:
                for w in adjacency[v]:
                    if self.mate[w] == -1:
                        self.mate[v], self.mate[w] = w, v
                        break
        for v in range(n):
            if self.mate[v] == -1:
                self.augment_from(v)

    @property
    def unmatched(self) -> list[int]:
        return [v for v, w in enumerate(self.mate) if w == -1 and self.alive[v]]

    def remove(self, v: int) -> int:
        """Take ``v`` out of the graph; returns its former mate (now unmatched) or -1."""
        self.alive[v] = False
        partner = self.mate[v]
        self.mate[v] = -1
        if partner != -1:
            self.mate[partner] = -1
        return partner

    def remove_keeping_perfect(self, v: int, exposed: int) -> bool:
        """Remove ``v`` if the other live vertices can then all be matched; else change nothing.

        ``exposed`` must be the only unmatched live vertex.
        """
        partner = self.remove(v)
        if partner == -1 or self.augment_from(exposed):
            return True
        self.alive[v] = True
        self.mate[v], self.mate[partner] = partner, v
        return False

    def augment_from(self, root: int) -> bool:
        """Grow the matching along an augmenting path from the unmatched ``root``, if any."""
        end, parent, _ = self._search(root)
        if end == -1:
            return False
        mate = self.mate
        v = end
        while v != -1:
            previous = parent[v]
            following = mate[previous]
            mate[v], mate[previous] = previous, v
            v = following
        return True

    def even_vertices(self, root: int) -> list[bool]:
        """Vertices reachable from ``root`` by an even alternating path.

        When ``root`` is the only unmatched live vertex, these are exactly the
        vertices that some maximum matching leaves unmatched.
        """
        return self._search(root)[2]

    def _search(self, root: int) -> tuple[int, list[int], list[bool]]:
        adjacency, mate, alive = self.adjacency, self.mate, self.alive
        n = len(adjacency)
        parent = [-1] * n
        base = list(range(n))
        even = [False] * n
        even[root] = True
        queue = [root]

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_blossom(v: int, blossom_base: int, child: int, in_blossom: list[bool]) -> None:
            while base[v] != blossom_base:
                in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for w in adjacency[v]:
                if not alive[w] or base[v] == base[w] or mate[v] == w:
                    continue
                if w == root or (mate[w] != -1 and parent[mate[w]] != -1):
                    blossom_base = common_base(v, w)
                    in_blossom = [False] * n
                    mark_blossom(v, blossom_base, w, in_blossom)
                    mark_blossom(w, blossom_base, v, in_blossom)
                    for i in range(n):
                        if in_blossom[base[i]]:
                            base[i] = blossom_base
                            if not even[i]:
                                even[i] = True
                                queue.append(i)
                elif parent[w] == -1:
                    parent[w] = v
                    if mate[w] == -1:
                        return w, parent, even
                    even[mate[w]] = True
                    queue.append(mate[w])
        return -1, parent, even
