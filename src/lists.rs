//! Lists kept one after the other in one vector, for the tables the searches read at every
//! step.

/// Lists one after the other in one vector: list i is `items[at[i]..at[i + 1]]`. One read
/// away where a vector of vectors takes two, and one allocation for all the lists: the Sudoku
/// geometry's tables (a cell's houses and peers, read at every placement), the logic solver's
/// chains (each node's links), the bit sets of exact cover (each option's items by kind).
#[derive(Clone, Debug)]
pub(crate) struct Lists<T> {
    at: Vec<u32>,
    items: Vec<T>,
}

impl<T> Lists<T> {
    /// `count` lists, list i pushed by `list(i, items)` onto the end of `items`.
    pub(crate) fn build(count: usize, mut list: impl FnMut(usize, &mut Vec<T>)) -> Lists<T> {
        let mut lists = Lists { at: Vec::with_capacity(count + 1), items: Vec::new() };
        lists.at.push(0);
        for i in 0..count {
            list(i, &mut lists.items);
            lists.at.push(lists.items.len() as u32);
        }
        lists
    }

    /// `count` lists made of `pairs`, each a list's number and an item, each list's items in
    /// the order they come (two passes over the pairs: how many each list takes, then which).
    pub(crate) fn gather(count: usize, pairs: impl Iterator<Item = (usize, T)> + Clone) -> Lists<T>
    where
        T: Copy + Default,
    {
        let mut at = vec![0u32; count + 1];
        for (list, _) in pairs.clone() {
            at[list + 1] += 1;
        }
        for i in 0..count {
            at[i + 1] += at[i];
        }
        let (mut items, mut next) = (vec![T::default(); at[count] as usize], at.clone());
        for (list, item) in pairs {
            items[next[list] as usize] = item;
            next[list] += 1;
        }
        Lists { at, items }
    }

    /// List `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &[T] {
        &self.items[self.at[i] as usize..self.at[i + 1] as usize]
    }
}

impl<T> Default for Lists<T> {
    /// No list.
    fn default() -> Lists<T> {
        Lists { at: vec![0], items: Vec::new() }
    }
}

impl<T: Clone> From<Vec<Vec<T>>> for Lists<T> {
    fn from(lists: Vec<Vec<T>>) -> Lists<T> {
        Lists::build(lists.len(), |i, items| items.extend_from_slice(&lists[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_one_after_the_other_keep_each_list_and_its_order() {
        let nested: Vec<Vec<u16>> = vec![vec![3, 1], vec![], vec![7], vec![2, 2, 9]];
        let lists = Lists::from(nested.clone());
        let gathered = Lists::gather(4, [(0, 3u16), (3, 2), (2, 7), (3, 2), (0, 1), (3, 9)].into_iter());
        for (i, list) in nested.iter().enumerate() {
            assert_eq!(lists.get(i), list.as_slice());
            assert_eq!(gathered.get(i), list.as_slice());
        }
    }
}
