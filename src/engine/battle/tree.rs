//! A journal's commands as a tree, walked so that each runs once on the state before it.
//!
//! A command was given on the state the commands then in effect left: its parent is the
//! command last in effect when it was given (the root for one given first). Undo and redo
//! only move along the tree, and a new command after an undo starts a branch; the commands
//! in effect now are one path from the root. The walk hands out every command with the state
//! before it: a node's largest branch comes last and takes that state over, the others come
//! first, each with a copy. So copies are made only where the umpire undid and went another
//! way, and since a branch handed a copy is at most half its parent's, at most a logarithm
//! of the commands' count are held at once.

/// The parent of a command given first.
pub(super) const ROOT: usize = usize::MAX;

/// Every node's children, in one array; each node's largest branch last among them.
pub(super) struct Tree {
    /// `children[start[k]..start[k + 1]]` are node `k`'s; the root is node `n`.
    start: Vec<usize>,
    children: Vec<usize>,
}

impl Tree {
    /// The tree of `parent`: for each entry, the command before it ([`ROOT`] for the first),
    /// or `None` for an entry that is no command. A parent always comes before its child.
    pub(super) fn new(parent: &[Option<usize>]) -> Self {
        let n = parent.len();
        let slot = |p: usize| if p == ROOT { n } else { p.min(n) };
        // Branch sizes, leaves first: a child's index is above its parent's.
        let mut size = vec![1_usize; n + 1];
        for (i, p) in parent.iter().enumerate().rev() {
            if let Some(&p) = p.as_ref() {
                let grown = size[slot(p)].saturating_add(size[i]);
                size[slot(p)] = grown;
            }
        }
        let mut start = vec![0_usize; n + 2];
        for p in parent.iter().flatten() {
            start[slot(*p) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut children = vec![0; start[n + 1]];
        for (i, p) in parent.iter().enumerate() {
            if let Some(&p) = p.as_ref() {
                children[fill[slot(p)]] = i;
                fill[slot(p)] += 1;
            }
        }
        for k in 0..=n {
            let mine = &mut children[start[k]..start[k + 1]];
            let largest = (0..mine.len()).max_by_key(|&c| (size[mine[c]], std::cmp::Reverse(c)));
            if let Some(largest) = largest {
                let last = mine.len() - 1;
                mine.swap(largest, last);
            }
        }
        Self { start, children }
    }

    /// The range of `children` that holds a node's children.
    fn range(&self, node: usize) -> (usize, usize) {
        let n = self.start.len() - 2;
        let k = if node == ROOT { n } else { node.min(n) };
        (self.start[k], self.start[k + 1])
    }

    /// Whether a node has children.
    pub(super) fn has_children(&self, node: usize) -> bool {
        let (a, b) = self.range(node);
        a < b
    }
}

/// A node whose children are being walked, with the state after it.
struct Frame<S> {
    state: S,
    next: usize,
    end: usize,
}

/// The walk: every node once, with the state before it (see the module's doc).
pub(super) struct Walk<'t, S> {
    tree: &'t Tree,
    stack: Vec<Frame<S>>,
}

impl<'t, S: Clone> Walk<'t, S> {
    /// A walk from the root, whose state is `initial`.
    pub(super) fn new(tree: &'t Tree, initial: S) -> Self {
        let mut walk = Self {
            tree,
            stack: Vec::new(),
        };
        walk.enter(ROOT, initial);
        walk
    }

    /// The next node and the state before it; the last child of a node takes the state
    /// over, the others get a copy.
    pub(super) fn next(&mut self) -> Option<(usize, S)> {
        let top = self.stack.last_mut()?;
        let node = self.tree.children[top.next];
        top.next += 1;
        if top.next < top.end {
            return Some((node, top.state.clone()));
        }
        let frame = self.stack.pop()?;
        Some((node, frame.state))
    }

    /// Goes into `node`'s children, with the state after it. A node not entered (it failed)
    /// has its branch skipped.
    pub(super) fn enter(&mut self, node: usize, after: S) {
        let (next, end) = self.tree.range(node);
        if next < end {
            self.stack.push(Frame {
                state: after,
                next,
                end,
            });
        }
    }

    /// How many states the walk holds now (tests).
    #[cfg(test)]
    fn held(&self) -> usize {
        self.stack.len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Walks a tree where each node's state is the path to it, checking each is handed the
    /// state its parent left; returns the order and the most states held.
    fn walk(parent: &[Option<usize>]) -> (Vec<usize>, usize) {
        let tree = Tree::new(parent);
        let mut walk = Walk::new(&tree, Vec::<usize>::new());
        let (mut order, mut most) = (Vec::new(), 0);
        while let Some((node, before)) = walk.next() {
            let expected = match parent[node] {
                Some(ROOT) => vec![],
                Some(p) => {
                    let mut path = vec![];
                    let mut at = p;
                    while at != ROOT {
                        path.push(at);
                        at = parent[at].unwrap();
                    }
                    path.reverse();
                    path
                }
                None => unreachable!(),
            };
            assert_eq!(before, expected, "node {node}");
            order.push(node);
            let mut after = before;
            after.push(node);
            walk.enter(node, after);
            most = most.max(walk.held());
        }
        (order, most)
    }

    #[test]
    fn a_straight_battle_is_walked_in_order_without_copies() {
        let parent: Vec<Option<usize>> = (0..50)
            .map(|i| Some(if i == 0 { ROOT } else { i - 1 }))
            .collect();
        let (order, most) = walk(&parent);
        assert_eq!(order, (0..50).collect::<Vec<_>>());
        assert_eq!(most, 1);
    }

    #[test]
    fn every_branch_is_walked_once_after_its_parent() {
        // 0-1-2, undo 2 (entry 3), 4 after 0, undo 1 (entry 5), 6 after 0, then 7.
        let parent = [
            Some(ROOT),
            Some(0),
            Some(1),
            None,
            Some(0),
            None,
            Some(0),
            Some(6),
        ];
        let (mut order, _) = walk(&parent);
        order.sort_unstable();
        assert_eq!(order, vec![0, 1, 2, 4, 6, 7]);
    }

    #[test]
    fn a_comb_of_second_thoughts_holds_few_states() {
        // A long line where every command also has a one-command branch undone at once.
        let mut parent = vec![Some(ROOT)];
        for i in 0..2_000 {
            let spine = if i == 0 { 0 } else { parent.len() - 2 };
            parent.push(Some(spine));
            parent.push(Some(spine));
        }
        let (order, most) = walk(&parent);
        assert_eq!(order.len(), parent.len());
        assert!(most <= 2, "{most}");
    }
}
