#include "tangram/core/search/stage.hpp"

namespace tangram {

SearchObserver numbered_after(const SearchObserver& observer, long& told) {
  if (!observer) return {};
  return [&observer, &told, before = told](const SearchEvent& event) {
    SearchEvent numbered = event;
    numbered.step += before;
    told = numbered.step;
    observer(numbered);
  };
}

}  // namespace tangram
