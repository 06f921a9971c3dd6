use crate::data::Pagination;
use crate::format::query_value;
use leptos::prelude::*;

/// The page numbers to offer: the first, the last, and two either side of the current one;
/// `None` marks a gap.
fn page_window(current: u64, total: u64) -> Vec<Option<u64>> {
    let mut pages = Vec::new();
    for page in 1..=total {
        let near = page.abs_diff(current) <= 2;
        if page == 1 || page == total || near {
            pages.push(Some(page));
        } else if pages.last() != Some(&None) {
            pages.push(None);
        }
    }
    pages
}

/// The link to one page of a list: the list's own query first, then `page`, left out for
/// page 1 so that the first page has one address.
pub(crate) fn page_href(path: &str, query: &[(&str, String)], page: u64) -> String {
    let mut pairs: Vec<String> = query.iter().filter(|(_, value)| !value.is_empty()).map(|(name, value)| format!("{name}={}", query_value(value))).collect();
    if page > 1 {
        pairs.push(format!("page={page}"));
    }
    if pairs.is_empty() { path.to_owned() } else { format!("{path}?{}", pairs.join("&")) }
}

/// Previous, numbered and next links for a paginated list; nothing when it fits on one page.
#[component]
pub(crate) fn Pager(path: &'static str, query: Vec<(&'static str, String)>, pagination: Pagination) -> impl IntoView {
    let current = pagination.page;
    let total = pagination.total_pages;
    let href = move |page| page_href(path, &query, page);
    (total > 1).then(|| {
        view! {
            <nav class="pager" aria-label="Pages">
                <ul>
                    {(current > 1).then(|| view! {
                        <li><a href=href(current - 1) rel="prev">"Previous"<span class="visually-hidden">" page"</span></a></li>
                    })}
                    {page_window(current, total)
                        .into_iter()
                        .map(|page| match page {
                            Some(page) => {
                                let marker = (page == current).then_some("page");
                                view! {
                                    <li>
                                        <a href=href(page) aria-current=marker>
                                            <span class="visually-hidden">"Page "</span>{page}
                                        </a>
                                    </li>
                                }
                                .into_any()
                            }
                            None => view! { <li class="pager-gap" aria-hidden="true">"…"</li> }.into_any(),
                        })
                        .collect_view()}
                    {(current < total).then(|| view! {
                        <li><a href=href(current + 1) rel="next">"Next"<span class="visually-hidden">" page"</span></a></li>
                    })}
                </ul>
            </nav>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_the_ends_and_the_neighbourhood() {
        assert_eq!(page_window(1, 3), vec![Some(1), Some(2), Some(3)]);
        assert_eq!(page_window(6, 12), vec![Some(1), None, Some(4), Some(5), Some(6), Some(7), Some(8), None, Some(12)]);
        assert_eq!(page_window(1, 10), vec![Some(1), Some(2), Some(3), None, Some(10)]);
    }

    #[test]
    fn links_keep_the_list_query_and_drop_page_one() {
        let query = [("category", "home-care".to_owned())];
        assert_eq!(page_href("/services", &query, 1), "/services?category=home-care");
        assert_eq!(page_href("/services", &query, 3), "/services?category=home-care&page=3");
        assert_eq!(page_href("/jobs", &[("search", String::new())], 2), "/jobs?page=2");
        assert_eq!(page_href("/jobs", &[("search", "care & support".to_owned())], 2), "/jobs?search=care+%26+support&page=2");
        assert_eq!(page_href("/jobs", &[], 1), "/jobs");
    }
}
